/** The mobile app's account and notice paths (matched case-insensitively, as Express routes them). */
const MOBILE_PATH = /^\/api\/v1\/(users\/|forgotpassword\/?$|notifications\/|notices\/?$|checklist(\/|$))/i;
export const isMobileAccountPath = (path: string): boolean => MOBILE_PATH.test(path);

/**
 * The classic app's `status` beside the usual error fields, on the mobile paths only:
 * 'fail' for a client error, 'error' for a server error, and `error` with the message's text (the
 * app's profile editor shows `error`). The console's error shape is unchanged.
 */
export function mobileErrorFields(
  path: string,
  httpStatus: number,
  message: string,
): { status?: 'fail' | 'error'; error?: string } {
  if (!isMobileAccountPath(path)) return {};
  return { status: httpStatus >= 500 ? 'error' : 'fail', error: message };
}
