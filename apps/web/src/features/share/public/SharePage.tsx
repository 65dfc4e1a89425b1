import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { fetchShareInfo } from '../../../api/share-api';
import { normaliseCode, shareMemory } from '../model/share-access';
import { isFinalProblem, type ShareProblem, shareProblemOf } from '../model/share-problem';
import '../share.css';
import { ShareCodeForm } from './ShareCodeForm';
import { SharedFiles } from './SharedFiles';
import { ShareLoading, ShareStatus } from './ShareStatus';

/**
 * /share/{code} (SPEC §2, public): what anyone with the link sees. The share's facts first; a share
 * that is gone or expired says so and shows nothing else; a share with an extraction code asks for it
 * (remembered for this tab, so a reload does not ask again); then its files, read-only.
 */
export function SharePage() {
  const { code = '' } = useParams();
  // another share's link opened from this one starts afresh
  return <ShareView key={code} shareBatchNum={code} />;
}

function ShareView({ shareBatchNum }: { shareBatchNum: string }) {
  const [params] = useSearchParams();
  const info = useQuery({
    queryKey: ['share', shareBatchNum, 'info'],
    queryFn: () => fetchShareInfo(shareBatchNum),
    staleTime: 60_000,
  });
  const [accepted, setAccepted] = useState(() => shareMemory.recallCode(shareBatchNum));
  const [ended, setEnded] = useState<ShareProblem | null>(null);
  const [codeError, setCodeError] = useState<string>();

  const accept = useCallback(
    (code: string) => {
      shareMemory.rememberCode(shareBatchNum, code);
      setCodeError(undefined);
      setAccepted(code);
    },
    [shareBatchNum],
  );

  const onProblem = useCallback(
    (problem: ShareProblem, message = '') => {
      if (isFinalProblem(problem)) {
        setEnded(problem);
        return;
      }
      // the remembered code no longer opens the share (locked, or a new code): ask again
      shareMemory.forgetCode(shareBatchNum);
      setAccepted(undefined);
      setCodeError(message || undefined);
    },
    [shareBatchNum],
  );

  const problem = ended ?? (info.error ? shareProblemOf(info.error) : null);
  if (problem === 'notFound' || problem === 'expired') return <ShareStatus kind={problem} />;
  if (info.error) return <ShareStatus kind="failed" onRetry={() => void info.refetch()} />;
  if (!info.data) return <ShareLoading />;

  if (info.data.needsCode && accepted === undefined) {
    return (
      <ShareCodeForm
        key={codeError ?? ''}
        info={info.data}
        initialCode={normaliseCode(params.get('pwd'))}
        initialError={codeError}
        onAccepted={accept}
        onProblem={onProblem}
      />
    );
  }
  return (
    <SharedFiles info={info.data} extractionCode={info.data.needsCode ? (accepted ?? '') : ''} onProblem={onProblem} />
  );
}
