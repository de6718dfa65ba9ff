import type { RegisterRoutes } from '../../routes';

/** The mobile app's account calls: sign-up codes, signup, Login, updateMe, updateMyPassword, forgotPassword, birder notices. */
export const registerMobileAccountRoutes: RegisterRoutes = (_t, _ctx) => {};
