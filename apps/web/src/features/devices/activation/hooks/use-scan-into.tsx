import type { DeviceCodeKind } from '@kerf/contract';
import { App, type FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanDialog, type ScanRequest } from '../dialogs/ScanDialog';

/**
 * The scan buttons of one form: `scan(field)` opens the camera for that field, and a read code is put
 * in the field it belongs to and checked there, as if typed. `dialog` is rendered by the form.
 */
export function useScanInto(
  form: FormInstance,
  offered: readonly DeviceCodeKind[],
  labelOf: (kind: DeviceCodeKind) => string,
  /** After a field was filled: the query form shows the field's half (machine code or board codes). */
  onFilled?: (field: DeviceCodeKind) => void,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [request, setRequest] = useState<ScanRequest | null>(null);
  const scan = useCallback((wanted: DeviceCodeKind) => setRequest({ wanted, offered }), [offered]);

  const read = (field: DeviceCodeKind, value: string) => {
    setRequest(null);
    onFilled?.(field);
    form.setFieldValue(field, value);
    // a rejection is the field's own message, shown under it
    form.validateFields([field]).catch(() => undefined);
    void message.success(t('activation.scan.filled', { field: labelOf(field), code: value }));
  };

  const dialog = request ? (
    <ScanDialog {...request} labelOf={labelOf} onRead={read} onClose={() => setRequest(null)} />
  ) : null;

  return { scan, dialog };
}
