import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';

const FlashStateSchema = z.object({ message: z.string().min(1) });

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
    const parsed = FlashStateSchema.safeParse(location.state);
    if (!parsed.success) return;
    setMessage(parsed.data.message);
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
