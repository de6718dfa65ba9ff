import { Alert, Button } from 'antd';

/** The end of the add and edit forms: the failure (spec section 8 title plus the server's words) and submit. */
export function SpeciesFormFooter({
  error,
  failedTitle,
  busy,
  label,
  busyLabel,
}: {
  /** null: no failure; '' : a failure without a server message. */
  error: string | null;
  failedTitle: string;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {error !== null && (
        <Alert
          type="error"
          showIcon
          title={failedTitle}
          description={error || undefined}
          role="alert"
          className="species-form__alert"
        />
      )}
      <div className="species-form__submit">
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
          {busy ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}
