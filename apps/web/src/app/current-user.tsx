import type { CurrentUser } from '@jarog/contracts';
import { createContext, type ReactNode, useContext } from 'react';

const CurrentUserContext = createContext<CurrentUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in account; only pages under the signed-in routes may call it. */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is only available on signed-in pages');
  return user;
}
