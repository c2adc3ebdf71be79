import type {
  AdminUserUpdateBody,
  ForgotPasswordBody,
  LoginBody,
  MessageResponse,
  ProfileUpdateBody,
  RegisterBody,
  User,
  UserInfo,
} from '@shop/shared';
import { api } from './base';
import { definedParams, pageOf, type Page } from './page';
import { onSuccess } from './tags';

export interface UserListArgs {
  page?: number;
  limit?: number;
  /** The admin list's search and filters (issue 19). */
  q?: string | undefined;
  admin?: string | undefined;
  kid?: string | undefined;
  sort?: string | undefined;
}

export type UserPage = Page<'users', User>;

/** The profile part of a profile update's answer (without its bearer token). */
function profileOf(answer: UserInfo): User {
  const profile: User & { token?: string } = { ...answer };
  delete profile.token;
  return profile;
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<UserInfo, LoginBody>({
      query: (body) => ({ url: '/users/login', method: 'POST', body }),
    }),
    register: build.mutation<MessageResponse, RegisterBody>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
    }),
    verifyEmail: build.query<MessageResponse, string>({
      query: (token) => `/users/verify/${encodeURIComponent(token)}`,
    }),
    /** Issue 31: follows the link mailed to a new e-mail address; the profile shows the new one. */
    confirmEmail: build.query<MessageResponse, string>({
      query: (token) => `/users/confirm-email/${encodeURIComponent(token)}`,
    }),
    /** Issue 49: follows the cancel link mailed to the old address of an e-mail change. */
    cancelEmailChange: build.query<MessageResponse, string>({
      query: (token) => `/users/cancel-email/${encodeURIComponent(token)}`,
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordBody>({
      query: (body) => ({ url: '/users/forgot-password', method: 'POST', body }),
    }),
    validateResetToken: build.query<{ valid: true }, string>({
      query: (token) => `/users/validate-reset-token/${encodeURIComponent(token)}`,
    }),
    resetPassword: build.mutation<MessageResponse, { token: string; newPassword: string }>({
      query: ({ token, newPassword }) => ({
        url: `/users/reset-password/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { newPassword },
      }),
    }),
    getProfile: build.query<User, void>({
      query: () => '/users/profile',
      providesTags: [{ type: 'User', id: 'ME' }],
    }),
    updateProfile: build.mutation<UserInfo, ProfileUpdateBody>({
      query: (body) => ({ url: '/users/profile', method: 'PUT', body }),
      invalidatesTags: onSuccess(() => [{ type: 'User', id: 'ME' }]),
      // The answer is the profile as it is now: a pending e-mail change shows (or is gone, after
      // a new password, issue 49) at once, before the refetch.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(usersApi.util.upsertQueryData('getProfile', undefined, profileOf(data)));
      },
    }),
    /** Issue 49: the profile's "Cancel this change" of a pending e-mail change; answers the profile. */
    cancelPendingEmail: build.mutation<User, void>({
      query: () => ({ url: '/users/profile/pending-email', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(usersApi.util.upsertQueryData('getProfile', undefined, data));
      },
    }),
    getUser: build.query<User, string>({
      query: (id) => `/users/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    getUsers: build.query<UserPage, UserListArgs>({
      query: (args) => ({ url: '/users', params: definedParams(args) }),
      transformResponse: (users: User[], meta) => pageOf('users', users, meta),
      providesTags: (result) => [
        { type: 'User', id: 'LIST' },
        ...(result?.users.map((u) => ({ type: 'User' as const, id: u._id })) ?? []),
      ],
    }),
    updateUser: build.mutation<User, AdminUserUpdateBody & { _id: string }>({
      query: ({ _id, ...body }) => ({
        url: `/users/${encodeURIComponent(_id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: onSuccess(({ _id }) => [
        { type: 'User', id: _id },
        { type: 'User', id: 'LIST' },
      ]),
    }),
    deleteUser: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: onSuccess((id) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
      ]),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useVerifyEmailQuery,
  useConfirmEmailQuery,
  useCancelEmailChangeQuery,
  useForgotPasswordMutation,
  useValidateResetTokenQuery,
  useResetPasswordMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useCancelPendingEmailMutation,
  useGetUserQuery,
  useGetUsersQuery,
  useUpdateUserMutation,
  useDeleteUserMutation,
} = usersApi;
