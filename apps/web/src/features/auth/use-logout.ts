import { App } from 'antd';
import { useCallback } from 'react';
import { sessionEnded } from '../../app/session.slice';
import { useAppDispatch } from '../../app/store';
import { useLogoutMutation } from './auth.api';

/**
 * Logout with the spec's confirmation. Confirm tells the server (its answer is only logged), drops the
 * token and goes to /login; Cancel just closes the dialog.
 */
export function useLogoutConfirm(): () => void {
  const { modal } = App.useApp();
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();

  return useCallback(() => {
    modal.confirm({
      title: 'Are you sure you want to Logout?',
      okText: 'Confirm',
      cancelText: 'Cancel',
      onOk: async () => {
        // A failed logout call must not keep anyone signed in here: the error middleware logs it.
        await logout().catch(() => undefined);
        dispatch(sessionEnded({ to: '/login' }));
      },
    });
  }, [modal, logout, dispatch]);
}
