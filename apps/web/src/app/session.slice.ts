import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readToken } from './token-storage';

/** Where a person is sent when their session ends, with an optional message for that page. */
export interface SessionRedirect {
  to: string;
  message?: string;
}

export interface SessionState {
  token: string | null;
  /** Set when the session ends for a reason that has its own page; the router consumes it. */
  redirect: SessionRedirect | null;
}

const initialState: SessionState = { token: readToken(), redirect: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.redirect = null;
    },
    /** Token cleared: logout, 401, deactivation, not an admin, password changed. */
    sessionEnded(state, action: PayloadAction<SessionRedirect | undefined>) {
      state.token = null;
      state.redirect = action.payload ?? null;
    },
    redirectHandled(state) {
      state.redirect = null;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectRedirect: (state) => state.redirect,
  },
});

export const { signedIn, sessionEnded, redirectHandled } = sessionSlice.actions;
export const { selectToken, selectRedirect } = sessionSlice.selectors;
