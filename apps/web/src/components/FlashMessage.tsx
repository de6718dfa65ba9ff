import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The message in a history entry's state, if it carries one (a plain check: zod is not on the sign-in page). */
function flashMessageOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('message' in state)) return null;
  const { message } = state as { message: unknown };
  return typeof message === 'string' && message.length > 0 ? message : null;
}

/** Navigation state that carries a success message to the next page ("success → /login with message"). */
export const flash = (message: string) => ({ message });

/**
 * Shows the message passed along with navigation, once: it is dropped from the history entry so a
 * reload or back/forward does not repeat it.
 */
export function FlashMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const carried = flashMessageOf(location.state);
    if (!carried) return;
    setMessage(carried);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);

  if (!message) return null;
  return (
    <Alert
      type="success"
      showIcon
      title={message}
      closable={{ onClose: () => setMessage(null) }}
      className="flash-message"
      role="status"
    />
  );
}
