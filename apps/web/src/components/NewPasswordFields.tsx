import { PasswordSchema } from '@jarog/contracts';
import { Form, Input } from 'antd';
import { matchesField, required, zodRule } from '../lib/form-rules';

/**
 * A new password and its confirmation, checked with the contracts' password rule (the API's own)
 * and against each other. Used by add admin, password reset and password update.
 */
export function NewPasswordFields({
  name = 'password',
  label,
  requiredMessage = 'Password is required',
  confirmLabel = 'Confirm password',
  confirmPlaceholder,
}: {
  name?: string;
  label: string;
  requiredMessage?: string;
  confirmLabel?: string;
  confirmPlaceholder?: string;
}) {
  return (
    <>
      <Form.Item name={name} label={label} rules={[required(requiredMessage), zodRule(PasswordSchema)]}>
        <Input.Password autoComplete="new-password" placeholder="8 to 128 characters" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        dependencies={[name]}
        rules={[required('Please confirm the password'), matchesField(name)]}
      >
        <Input.Password autoComplete="new-password" placeholder={confirmPlaceholder} />
      </Form.Item>
    </>
  );
}
