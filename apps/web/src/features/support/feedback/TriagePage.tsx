import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_STATUS_LABELS,
  FEEDBACK_STATUSES,
  type Feedback,
} from '@kerf/contract';
import { Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TriageQuery } from '../../../api/feedback-api';
import { useSettings } from '../../../stores/settings-store';
import { formatDateTime } from '../../account/account-format';
import { SearchButtons } from '../../system/shared/SearchButtons';
import { usePaging } from '../../system/shared/use-paging';
import { CategoryTag, StatusTag } from './components/FeedbackLabels';
import { TriageDrawer } from './components/TriageDrawer';
import { useTriageList } from './hooks/use-feedback-queries';
import { excerpt, openedFeedbackId, type TriageFilters, triageQueryOf } from './model/feedback-view';
import './feedback.css';

/**
 * /sysm/feedback: everyone's feedback, newest first, searched by state, category and words; one opens
 * in a drawer to read, answer and move on (`?id=` opens one by its address).
 */
export function TriagePage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<TriageFilters>();
  const [query, setQuery] = useState<TriageQuery>({});
  const { page, limit, setPage, pagination } = usePaging();
  const list = useTriageList(query, page, limit);
  const [params, setParams] = useSearchParams();
  const [openedId, setOpenedId] = useState<string | null>(() => openedFeedbackId(params));
  const [drawerOpen, setDrawerOpen] = useState(openedId !== null);

  const open = (id: string) => {
    setOpenedId(id);
    setDrawerOpen(true);
    setParams({ id }, { replace: true });
  };
  const close = () => {
    setDrawerOpen(false);
    setParams({}, { replace: true });
  };

  const columns: TableColumnsType<Feedback> = [
    {
      key: 'time',
      title: t('supportFeedback.triage.time'),
      width: 170,
      render: (_, f) => formatDateTime(f.createdAt, locale),
    },
    {
      key: 'category',
      title: t('supportFeedback.triage.category'),
      width: 130,
      render: (_, f) => <CategoryTag category={f.category} />,
    },
    {
      key: 'description',
      title: t('supportFeedback.triage.description'),
      render: (_, f) => (
        // a button too, so the keyboard opens it as a click on the row does
        <button type="button" className="triage-page__open" onClick={() => open(f.id)}>
          {excerpt(f.description, 80)}
        </button>
      ),
    },
    {
      key: 'author',
      title: t('supportFeedback.triage.author'),
      width: 200,
      render: (_, f) => (
        <div className="triage-page__author">
          <span>{f.userId ? f.authorName : t('supportFeedback.triage.visitor')}</span>
          {f.contact ? <span className="triage-page__contact">{f.contact}</span> : null}
        </div>
      ),
    },
    {
      key: 'replies',
      title: t('supportFeedback.triage.replies'),
      width: 80,
      align: 'center',
      render: (_, f) => f.replies.length,
    },
    {
      key: 'status',
      title: t('supportFeedback.triage.status'),
      width: 110,
      render: (_, f) => <StatusTag status={f.status} />,
    },
  ];

  return (
    <div className="triage-page">
      <Form
        form={form}
        layout="inline"
        className="triage-page__filters"
        onFinish={(values) => {
          setPage(1);
          setQuery(triageQueryOf(values));
        }}
      >
        <Form.Item name="status" label={t('supportFeedback.triage.status')}>
          <Select
            allowClear
            className="triage-page__select"
            options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: FEEDBACK_STATUS_LABELS[s][locale] }))}
          />
        </Form.Item>
        <Form.Item name="category" label={t('supportFeedback.triage.category')}>
          <Select
            allowClear
            className="triage-page__select"
            options={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: FEEDBACK_CATEGORY_LABELS[c][locale] }))}
          />
        </Form.Item>
        <Form.Item name="q" label={t('supportFeedback.triage.search')}>
          <Input allowClear autoComplete="off" placeholder={t('supportFeedback.triage.searchPlaceholder')} />
        </Form.Item>
        <Space>
          <SearchButtons
            onReset={() => {
              form.resetFields();
              setPage(1);
              setQuery({});
            }}
          />
        </Space>
      </Form>
      <Table<Feedback>
        rowKey="id"
        size="small"
        scroll={{ x: 900 }}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('supportFeedback.triage.empty') }}
        onRow={(f) => ({
          onClick: (event) => {
            if (!(event.target as HTMLElement).closest('button')) open(f.id);
          },
          className: 'triage-page__row',
        })}
        pagination={pagination(list.data?.total ?? 0, (total) => t('supportFeedback.triage.total', { count: total }))}
        columns={columns}
      />
      <TriageDrawer id={openedId} open={drawerOpen} onClose={close} />
    </div>
  );
}
