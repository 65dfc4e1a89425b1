import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Editor } from '../model/editor';
import type { JobResult } from '../model/job/build-job';
import { currentProfile } from './machine-store';
import { JobRunner, JobSuperseded } from './run-job';

export type JobRunState =
  | { status: 'idle' }
  | { status: 'planning' }
  | { status: 'done'; result: JobResult; ms: number }
  | { status: 'failed'; error: string };

/** Runs the open drawing's job in the worker for the chosen machine; a newer run replaces an older one. */
export function useJobRun(editor: Editor) {
  const runner = useMemo(() => new JobRunner(), []);
  useEffect(() => () => runner.stop(), [runner]);
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
  }, [editor, runner]);
  return { state, run };
}
