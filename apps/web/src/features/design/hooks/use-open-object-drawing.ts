import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { attachmentUrl } from '../../../api/object-api';
import { messageOf, request } from '../../../api/request';

/**
 * Imports the object drawing named in the address (`/design?objectFile={attachment id}&name=…`, the
 * gallery's "open in the editor") into the drawing, as a file picked from the computer would be; the
 * address then goes back to /design, so a reload does not import it twice.
 */
export function useOpenObjectDrawing(importFiles: (files: readonly File[]) => Promise<void>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const attachmentId = params.get('objectFile');
  const name = params.get('name') ?? 'drawing';
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!attachmentId || started.current === attachmentId) return;
    started.current = attachmentId;
    void (async () => {
      try {
        const blob = await request.getBlob(attachmentUrl(attachmentId, false));
        await importFiles([new File([blob], name)]);
      } catch (error) {
        void message.error(t('design.save.openFailed', { reason: messageOf(error, name) }));
      } finally {
        void navigate('/design', { replace: true });
      }
    })();
  }, [attachmentId, importFiles, message, name, navigate, t]);
}
