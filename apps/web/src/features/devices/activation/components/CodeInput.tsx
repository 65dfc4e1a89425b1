import { ScanOutlined } from '@ant-design/icons';
import { Button, Input, type InputProps, Space } from 'antd';
import { useTranslation } from 'react-i18next';

type CodeInputProps = Omit<InputProps, 'onChange'> & {
  /** Form.Item gives value and onChange; the label names the scan button for screen readers. */
  onChange?: InputProps['onChange'];
  label: string;
  onScan(): void;
};

/**
 * A code box with its scan button. Codes are typed as printed (with spaces or dashes) and shown in
 * capitals; the contract's reader drops what does not belong when the form is checked.
 */
export function CodeInput({ label, onScan, ...input }: CodeInputProps) {
  const { t } = useTranslation();
  return (
    <Space.Compact block>
      <Input
        {...input}
        className="activation-code"
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        allowClear
      />
      <Button icon={<ScanOutlined />} onClick={onScan} aria-label={t('activation.scan.buttonFor', { field: label })}>
        <span className="activation-code__scan-text">{t('activation.scan.button')}</span>
      </Button>
    </Space.Compact>
  );
}
