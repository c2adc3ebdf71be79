import { createAction } from '@reduxjs/toolkit';

/**
 * The session ended (sign-out, or a 401 on a request that carried a token). An action of its
 * own, beside the API slice, so the base query can announce it without importing the user
 * slice, which itself listens to the login endpoints.
 */
export const loggedOut = createAction('user/loggedOut');
