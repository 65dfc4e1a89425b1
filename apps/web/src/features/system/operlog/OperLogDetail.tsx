import type { OperLog } from '@kerf/contract';
import { Descriptions, Drawer, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../stores/settings-store';
import { formatDateTime } from '../../account/account-format';

/** The parameters as indented JSON when they are JSON (a cut-off text is shown as it is). */
function readable(params: string): string {
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    return params;
  }
}

/** One operation: who, what, when, from where, its parameters (secrets masked) and its result. */
export function OperLogDetail({ operation: op, onClose }: { operation: OperLog; onClose(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  return (
    <Drawer open width={560} title={t('system.operlog.detail')} onClose={onClose} className="operlog-detail">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('account.log.time')}>{formatDateTime(op.createdAt, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('system.operlog.person')}>{op.userName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('system.operlog.module')}>{op.module}</Descriptions.Item>
        <Descriptions.Item label={t('account.operations.type')}>
          {t(`account.operations.types.${op.businessType}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('account.operations.what')}>
          <code>
            {op.method} {op.url}
          </code>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.log.ip')}>{op.ip}</Descriptions.Item>
        <Descriptions.Item label={t('account.log.result')}>
          <Tag color={op.status === '0' ? 'green' : 'red'}>
            {t(op.status === '0' ? 'account.log.success' : 'account.log.failure')} · HTTP {op.httpStatus}
          </Tag>
          {op.errorMsg ? <span className="operlog-detail__error">{op.errorMsg}</span> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('account.operations.cost')}>{op.costMs} ms</Descriptions.Item>
      </Descriptions>
      <h4 className="operlog-detail__heading">{t('system.operlog.params')}</h4>
      <pre className="operlog-detail__params">{op.params ? readable(op.params) : '—'}</pre>
    </Drawer>
  );
}
