import { Button } from 'antd';
import type { ReactNode } from 'react';
import { FormError } from './FormError';

/** The last refusal (if any) above the sign-in pages' full-width submit button. */
export function SubmitRow({
  error,
  submitting,
  children,
}: {
  error?: string;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormError text={error} />
      <Button type="primary" htmlType="submit" block loading={submitting} className="auth-submit">
        {children}
      </Button>
    </>
  );
}
