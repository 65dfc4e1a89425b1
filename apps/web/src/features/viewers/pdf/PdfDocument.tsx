import { FilePdfOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Input, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfBar } from './PdfBar';
import { PdfReader } from './PdfReader';
import { type PdfSource, usePdfDocument } from './use-pdf-document';

function PasswordForm({ wrong, onSubmit }: { wrong: boolean; onSubmit(password: string): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  return (
    <form
      className="viewer-notice"
      onSubmit={(event) => {
        event.preventDefault();
        if (password) onSubmit(password);
      }}
    >
      <LockOutlined className="viewer-notice__icon" aria-hidden />
      <div className="viewer-notice__title">{t('viewers.pdf.password')}</div>
      <div
        className={wrong ? 'viewer-notice__text is-error' : 'viewer-notice__text'}
        role={wrong ? 'alert' : undefined}
      >
        {t(wrong ? 'viewers.pdf.passwordWrong' : 'viewers.pdf.passwordHint')}
      </div>
      <div className="viewer-notice__row">
        <Input.Password
          autoFocus
          value={password}
          aria-label={t('viewers.pdf.passwordHint')}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="primary" htmlType="submit" disabled={!password}>
          {t('viewers.pdf.passwordOpen')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A PDF (or an office file as PDF) in the app's own viewer: opening, a password when the file has
 * one, the reason when it cannot be shown, then the reader. `extra` adds a way out beside a failure.
 */
export function PdfDocument({
  source,
  title,
  icon = <FilePdfOutlined />,
  actions,
  extra,
  onName,
}: {
  source: PdfSource;
  title: ReactNode;
  /** The file's own kind (a Word or Excel icon for an office file). */
  icon?: ReactNode;
  actions?: ReactNode;
  extra?: ReactNode;
  /** Told the file's name once the document is open (for a page opened without one). */
  onName?(name: string): void;
}) {
  const { t } = useTranslation();
  const state = usePdfDocument(source);
  const knownName = state.kind === 'ready' ? state.fileName : '';
  useEffect(() => {
    if (knownName) onName?.(knownName);
  }, [knownName, onName]);
  if (state.kind === 'ready')
    return <PdfReader doc={state.doc} title={title || state.fileName} icon={icon} actions={actions} />;
  return (
    <div className="pdf-view">
      <PdfBar icon={icon} title={title} actions={actions} label={t('viewers.pdf.toolbar')} />
      <div className="pdf-view__scroller is-centered">
        {state.kind === 'loading' ? (
          <div className="viewer-notice" role="status">
            <Spin size="large" />
            <div className="viewer-notice__text">
              {t(state.converting ? 'viewers.pdf.converting' : 'viewers.pdf.opening')}
            </div>
          </div>
        ) : state.kind === 'password' ? (
          <PasswordForm key={String(state.wrong)} wrong={state.wrong} onSubmit={state.submit} />
        ) : (
          <div className="viewer-notice" role="alert">
            <FilePdfOutlined className="viewer-notice__icon" aria-hidden />
            <div className="viewer-notice__title">{t('viewers.pdf.failed')}</div>
            <div className="viewer-notice__text">{state.message}</div>
            {extra}
          </div>
        )}
      </div>
    </div>
  );
}
