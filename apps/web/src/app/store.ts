import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api';
import { errorLogger } from './error-logger.middleware';
import { sessionEnded, sessionSlice } from './session.slice';
import { writeToken } from './token-storage';

const listener = createListenerMiddleware();

// Nothing cached for one account may show for the next one.
listener.startListening({
  actionCreator: sessionEnded,
  effect: (_action, { dispatch }) => {
    dispatch(api.util.resetApiState());
  },
});

export function makeStore() {
  const store = configureStore({
    reducer: {
      [sessionSlice.reducerPath]: sessionSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware, errorLogger),
  });

  // localStorage mirrors the session token, so a reload keeps the person signed in.
  let lastToken = store.getState().session.token;
  store.subscribe(() => {
    const { token } = store.getState().session;
    if (token !== lastToken) {
      lastToken = token;
      writeToken(token);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
