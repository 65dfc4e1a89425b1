import { formatPrice, type Order, parsePrice, priceText, TRADE_LIMITS, tradeMessages } from '@kerf/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/request';
import { refundOrder } from '../../../api/trade-api';
import { useSettings } from '../../../stores/settings-store';

/**
 * An administrator refunds part or all of a paid order through its payment provider. The amount is
 * typed as a decimal and sent in minor units; the server bounds it by what is left to refund.
 */
export function RefundDialog({ order, onClose, onRefunded }: { order: Order; onClose(): void; onRefunded(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const left = order.amount - order.refunded;
  const [amount, setAmount] = useState(priceText(left));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const minor = parsePrice(amount);
    if (minor === null || minor <= 0) return setProblem(tradeMessages.refundAmount[locale]);
    if (minor > left) return setProblem(tradeMessages.refundTooMuch[locale]);
    setProblem(null);
    setBusy(true);
    try {
      void message.success(await refundOrder(order.id, minor, reason.trim()));
      onRefunded();
      onClose();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('store.trade.refundTitle', { orderNo: order.orderNo })}
      okText={t('store.trade.refund')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('drive.dialog.cancel')}
      onOk={() => void submit()}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
    >
      <p className="refund-dialog__summary">
        {t('store.trade.refundSummary', {
          object: order.objectName,
          buyer: order.buyerName,
          paid: formatPrice(order.amount, order.currency),
          left: formatPrice(left, order.currency),
        })}
      </p>
      <Form layout="vertical" disabled={busy}>
        <Form.Item
          label={t('store.trade.refundAmount')}
          required
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Input
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setProblem(null);
            }}
            inputMode="decimal"
            addonAfter={order.currency}
            aria-label={t('store.trade.refundAmount')}
          />
        </Form.Item>
        <Form.Item label={t('store.trade.refundReason')}>
          <Input.TextArea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={TRADE_LIMITS.refundReasonMax}
            aria-label={t('store.trade.refundReason')}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
