import type { ReactNode } from 'react';
import { PluginParamsForm } from '../../params/components/PluginParamsForm';
import type { PluginSession } from '../hooks/use-plugin-session';
import { PluginPreview } from './PluginPreview';
import './plugin-run-panel.css';

/**
 * The parameters beside the live preview (stacked on a phone, preview first), with the caller's
 * actions under the preview. Shared by the /plugin page and the editor's plugin dialog.
 */
export function PluginRunPanel({ session, actions }: { session: PluginSession; actions?: ReactNode }) {
  const { manifest, context, params, run } = session;
  return (
    <div className="plugin-run-panel">
      <div className="plugin-run-panel__preview">
        <PluginPreview state={run.state} locale={context.locale} invalid={!params.check.ok} />
        {actions ? <div className="plugin-run-panel__actions">{actions}</div> : null}
      </div>
      <div className="plugin-run-panel__params">
        <PluginParamsForm
          parameters={manifest.parameters}
          inputs={params.inputs}
          problems={params.check.ok ? {} : params.check.problems}
          locale={context.locale}
          onChange={params.change}
          onReset={params.reset}
          changed={params.changed}
        />
      </div>
    </div>
  );
}
