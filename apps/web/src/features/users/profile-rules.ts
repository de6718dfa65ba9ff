import type { CurrentUser } from '@jarog/contracts';

export const MISSING_USER_ID = 'User ID is missing. Please try again later.';
export const GOOGLE_ACCOUNT_REFUSAL = 'You cannot update your google account';

/**
 * Why the signed-in person may not save their profile or password here, or null when they may
 * (spec section 5). The server refuses the same cases; checking first spares a round trip.
 */
export function profileSaveRefusal(
  user: Pick<CurrentUser, 'id' | 'googleId'> | null | undefined,
): string | null {
  if (!user?.id) return MISSING_USER_ID;
  if (user.googleId) return GOOGLE_ACCOUNT_REFUSAL;
  return null;
}
