import { USER_STATUSES } from '@kerf/contract';
import { DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SystemUserRole } from '../../../../api/system-user-api';
import { SearchButtons } from '../../shared/SearchButtons';
import type { UserFilters } from '../model/user-model';

/** RuoYi's search bar above the user table: keyword, state, role and registration days. */
export function UserSearchForm({
  roles,
  onSearch,
}: {
  roles: readonly SystemUserRole[];
  onSearch(filters: UserFilters): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFilters>();
  return (
    <Form form={form} layout="inline" className="sysm-user__filters" onFinish={onSearch}>
      <Form.Item name="keyword" label={t('sysmUser.search.keyword')}>
        <Input
          allowClear
          autoComplete="off"
          placeholder={t('sysmUser.search.keywordHint')}
          className="sysm-user__keyword"
        />
      </Form.Item>
      <Form.Item name="status" label={t('sysmUser.search.status')}>
        <Select
          allowClear
          className="sysm-user__select"
          options={USER_STATUSES.map((s) => ({ value: s, label: t(`sysmUser.statuses.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="roleKey" label={t('sysmUser.search.role')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          className="sysm-user__select"
          options={roles.map((r) => ({ value: r.roleKey, label: r.roleName }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('sysmUser.search.registered')}>
        <DatePicker.RangePicker allowClear allowEmpty={[true, true]} />
      </Form.Item>
      <Space>
        <SearchButtons
          onReset={() => {
            form.resetFields();
            onSearch({});
          }}
        />
      </Space>
    </Form>
  );
}
