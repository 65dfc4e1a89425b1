import { CheckCircleFilled } from '@ant-design/icons';
import { type Currency, formatPrice, type PaymentProvider, PROVIDER_CURRENCIES } from '@kerf/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, QRCode, Radio, Result, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/request';
import { closeOrder, getOrder, type Order, paymentProviders, placeOrder } from '../../../api/trade-api';

/** While an order waits for its payment, it is read this often (the provider's notice moves it). */
const POLL_MS = 1500;

function remaining(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.round((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Buying an object: the order (the pending one, if the buyer has one), the provider's QR code or page,
 * and its state read until the provider's notice has marked it paid, closed or timed out.
 */
export function PayDialog({
  objectId,
  currency,
  onPaid,
  onClose,
}: {
  objectId: string;
  currency: Currency;
  onPaid(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [placed, setPlaced] = useState<Order | null>(null);
  const [now, setNow] = useState(Date.now());
  const providers = useQuery({ queryKey: ['trade', 'providers'], queryFn: paymentProviders });
  const eligible = (providers.data ?? []).filter((p) => PROVIDER_CURRENCIES[p].includes(currency));
  // With one way to pay there is nothing to choose; with several the buyer picks.
  const [chosen, setChosen] = useState<PaymentProvider | null>(null);
  const provider = chosen ?? (eligible.length === 1 ? eligible[0]! : null);

  // The parent re-renders (the object is read again once paid): its callbacks change, the order must not.
  const callbacks = useRef({ onPaid, onClose });
  callbacks.current = { onPaid, onClose };

  useEffect(() => {
    if (!provider) return;
    let live = true;
    placeOrder(objectId, provider)
      .then((order) => live && setPlaced(order))
      .catch((error: unknown) => {
        void message.error(messageOf(error));
        callbacks.current.onClose();
      });
    return () => {
      live = false;
    };
  }, [objectId, provider, message]);

  const status = useQuery({
    queryKey: ['order', placed?.id],
    queryFn: () => getOrder(placed!.id),
    enabled: !!placed,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'pending' ? false : POLL_MS),
  });
  const order = status.data ?? placed;
  const paid = order?.state === 'paid';

  useEffect(() => {
    if (order?.state !== 'pending') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [order]);

  useEffect(() => {
    if (paid) callbacks.current.onPaid();
  }, [paid]);

  const payUrl = order?.pay ? new URL(order.pay.url, window.location.origin).toString() : '';

  return (
    <Modal
      open
      title={t('store.pay.title')}
      footer={null}
      onCancel={onClose}
      width={420}
      className="pay-dialog"
      destroyOnHidden
    >
      {!provider && eligible.length > 1 ? (
        <div className="pay-dialog__body">
          <p className="pay-dialog__hint">{t('store.pay.choose')}</p>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            onChange={(event) => setChosen(event.target.value as PaymentProvider)}
            options={eligible.map((p) => ({ value: p, label: t(`store.trade.providers.${p}`) }))}
          />
        </div>
      ) : !order ? (
        <Spin />
      ) : paid ? (
        <Result
          icon={<CheckCircleFilled />}
          status="success"
          title={t('store.pay.paid')}
          subTitle={t('store.pay.paidHint', { name: order.objectName })}
          extra={
            <Button type="primary" onClick={onClose}>
              {t('store.pay.done')}
            </Button>
          }
        />
      ) : order.state !== 'pending' ? (
        <Result
          status="warning"
          title={t('store.pay.closed')}
          extra={<Button onClick={onClose}>{t('store.pay.done')}</Button>}
        />
      ) : (
        <div className="pay-dialog__body">
          <p className="pay-dialog__name">{order.objectName}</p>
          <p className="pay-dialog__amount">{formatPrice(order.amount, order.currency)}</p>
          {payUrl ? <QRCode value={payUrl} size={180} bordered={false} /> : null}
          <p className="pay-dialog__hint">{t(`store.pay.scan.${order.provider}`)}</p>
          <Space wrap>
            <Button type="primary" href={payUrl} target="_blank" rel="noopener">
              {t('store.pay.openPage')}
            </Button>
            <Button
              onClick={() =>
                void closeOrder(order.id)
                  .then(() => onClose())
                  .catch((error: unknown) => void message.error(messageOf(error)))
              }
            >
              {t('store.pay.cancel')}
            </Button>
          </Space>
          <p className="pay-dialog__meta">
            {t('store.pay.orderNo', { no: order.orderNo })} ·{' '}
            {t('store.pay.expires', { time: remaining(order.expiresAt, now) })}
          </p>
        </div>
      )}
    </Modal>
  );
}
