import { useCallback, useState } from 'react';
import type { Editor } from '../model/editor';
import type { JobResult } from '../model/job/build-job';
import { currentProfile } from './machine-store';
import { JobRunner, JobSuperseded } from './run-job';

export type JobRunState =
  | { status: 'idle' }
  | { status: 'planning' }
  | { status: 'done'; result: JobResult; ms: number }
  | { status: 'failed'; error: string };

/**
 * One job worker for the page, kept warm between previews and exports: a fresh worker would load and
 * compile the laser core again each time (most of a second on a slow machine).
 */
const runner = new JobRunner();

/** Runs the open drawing's job in the worker for the chosen machine; a newer run replaces an older one. */
export function useJobRun(editor: Editor) {
  const [state, setState] = useState<JobRunState>({ status: 'idle' });
  const run = useCallback(async (): Promise<JobResult | null> => {
    setState({ status: 'planning' });
    try {
      const { result, ms } = await runner.run(editor.doc, currentProfile());
      setState({ status: 'done', result, ms });
      return result;
    } catch (error) {
      if (error instanceof JobSuperseded) return null;
      setState({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }, [editor]);
  return { state, run };
}
