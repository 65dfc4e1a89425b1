import { DownloadOutlined } from '@ant-design/icons';
import { BUILTIN_DICTS, formatPrice, TRADE_PERMISSIONS } from '@kerf/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Segmented, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { earnings, exportUrl, listOrders, listPayments, type Order, type PaymentRecord } from '../../../api/trade-api';
import { useCan } from '../../../app/access/use-can';
import { DictTag } from '../../../app/dict/DictTag';
import { useDict } from '../../../app/dict/use-dict';
import { formatFullTime } from '../../drive/model/format';
import { RefundDialog } from '../dialogs/RefundDialog';
import '../store.css';

const TABS = ['orders', 'sales', 'payments', 'all'] as const;
type TradeTab = (typeof TABS)[number];

/**
 * /trade (SPEC §1 trade centre): my orders, my sales with the earnings per currency, and the payment
 * records, each exportable as CSV or Excel; administrators who refund also find any order here and
 * refund it.
 */
export function TradePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const refunder = useCan().permission(TRADE_PERMISSIONS.refund);
  const tabs = TABS.filter((tab) => tab !== 'all' || refunder);
  const tab: TradeTab = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TradeTab)
    : 'orders';
  const [orderNo, setOrderNo] = useState('');
  const [refunding, setRefunding] = useState<Order | null>(null);
  // State and provider names are dictionaries: staff reword them in /sysm without a release.
  const orderStates = useDict(BUILTIN_DICTS.orderState);
  const providers = useDict(BUILTIN_DICTS.paymentProvider);
  const [page, setPage] = useState(1);
  const limit = 20;
  const orders = useQuery({
    queryKey: ['trade', tab, page, tab === 'all' ? orderNo : ''],
    queryFn: () =>
      tab === 'all'
        ? listOrders('all', page, limit, { orderNo })
        : listOrders(tab === 'sales' ? 'seller' : 'buyer', page, limit),
    enabled: tab !== 'payments',
    placeholderData: keepPreviousData,
  });
  const payments = useQuery({
    queryKey: ['trade', 'payments', page],
    queryFn: () => listPayments(page, limit),
    enabled: tab === 'payments',
    placeholderData: keepPreviousData,
  });
  const income = useQuery({ queryKey: ['trade', 'earnings'], queryFn: earnings, enabled: tab === 'sales' });
  const pagination = (total: number) => ({
    current: page,
    pageSize: limit,
    total,
    onChange: setPage,
    showSizeChanger: false,
  });

  return (
    <div className="gallery-page trade-page">
      <header className="gallery-page__head">
        <Segmented
          value={tab}
          onChange={(next) => {
            setPage(1);
            setParams({ tab: String(next) }, { replace: true });
          }}
          options={tabs.map((value) => ({ value, label: t(`store.trade.tabs.${value}`) }))}
        />
        <span className="gallery-page__title" />
        {tab === 'all' ? (
          <Input.Search
            allowClear
            className="trade-page__search"
            placeholder={t('store.trade.searchOrderNo')}
            aria-label={t('store.trade.searchOrderNo')}
            onSearch={(value) => {
              setPage(1);
              setOrderNo(value.trim());
            }}
          />
        ) : (
          <Space>
            <Button icon={<DownloadOutlined />} href={exportUrl(tab, 'csv')}>
              {t('store.trade.exportCsv')}
            </Button>
            <Button icon={<DownloadOutlined />} href={exportUrl(tab, 'xlsx')}>
              {t('store.trade.exportXlsx')}
            </Button>
          </Space>
        )}
      </header>
      {tab === 'sales'
        ? (income.data ?? []).map((e) => (
            <Alert
              key={e.currency}
              type="success"
              showIcon
              message={t('store.trade.earnings', {
                currency: e.currency,
                sales: e.sales,
                net: formatPrice(e.net, e.currency),
              })}
            />
          ))
        : null}
      {tab === 'payments' ? (
        <Table<PaymentRecord>
          rowKey="id"
          loading={payments.isFetching}
          dataSource={payments.data?.list ?? []}
          locale={{ emptyText: t('store.trade.none') }}
          pagination={pagination(payments.data?.total ?? 0)}
          columns={[
            { key: 'no', title: t('store.trade.orderNo'), dataIndex: 'orderNo' },
            { key: 'object', title: t('store.trade.object'), dataIndex: 'objectName' },
            { key: 'kind', title: t('store.trade.state'), render: (_, p) => t(`store.trade.kinds.${p.kind}`) },
            { key: 'amount', title: t('store.trade.amount'), render: (_, p) => formatPrice(p.amount, p.currency) },
            {
              key: 'provider',
              title: t('store.trade.provider'),
              render: (_, p) => providers.view(p.provider).label,
            },
            { key: 'at', title: t('store.trade.at'), render: (_, p) => formatFullTime(p.at) },
          ]}
        />
      ) : (
        <Table<Order>
          rowKey="id"
          loading={orders.isFetching}
          dataSource={orders.data?.list ?? []}
          locale={{ emptyText: t('store.trade.none') }}
          pagination={pagination(orders.data?.total ?? 0)}
          columns={[
            { key: 'no', title: t('store.trade.orderNo'), dataIndex: 'orderNo' },
            { key: 'object', title: t('store.trade.object'), dataIndex: 'objectName' },
            {
              key: 'who',
              title: t(tab === 'orders' ? 'store.trade.seller' : 'store.trade.buyer'),
              render: (_, o) => (tab === 'orders' ? o.sellerName : o.buyerName),
            },
            ...(tab === 'all'
              ? [{ key: 'seller', title: t('store.trade.seller'), render: (_: unknown, o: Order) => o.sellerName }]
              : []),
            { key: 'amount', title: t('store.trade.amount'), render: (_, o) => formatPrice(o.amount, o.currency) },
            {
              key: 'refunded',
              title: t('store.trade.refunded'),
              render: (_, o) => (o.refunded ? formatPrice(o.refunded, o.currency) : ''),
            },
            {
              key: 'state',
              title: t('store.trade.state'),
              render: (_, o) => <DictTag view={orderStates.view(o.state)} />,
            },
            {
              key: 'provider',
              title: t('store.trade.provider'),
              render: (_, o) => providers.view(o.provider).label,
            },
            { key: 'at', title: t('store.trade.at'), render: (_, o) => formatFullTime(o.paidAt ?? o.createdAt) },
            {
              key: 'pay',
              title: '',
              render: (_, o) =>
                tab === 'all' ? (
                  o.state === 'paid' ? (
                    <Button type="link" danger onClick={() => setRefunding(o)}>
                      {t('store.trade.refund')}
                    </Button>
                  ) : null
                ) : o.pay ? (
                  <Button
                    type="link"
                    href={new URL(o.pay.url, window.location.origin).toString()}
                    target="_blank"
                    rel="noopener"
                  >
                    {t('store.trade.pay')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      {refunding ? (
        <RefundDialog
          order={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={() => void client.invalidateQueries({ queryKey: ['trade'] })}
        />
      ) : null}
    </div>
  );
}
