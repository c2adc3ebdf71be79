import type { TextMessage, TextStatus } from '@shop/shared';
import { api } from '@/lib/api/base';
import { definedParams, pageOf, type Page } from '@/lib/api/page';

export interface TextMessageArgs {
  page?: number;
  limit?: number;
  status?: TextStatus | undefined;
  q?: string | undefined;
}

/** The admin's text messages (issue 53): the list and its CSV. */
export const textMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTextMessages: build.query<Page<'messages', TextMessage>, TextMessageArgs>({
      query: (args) => ({ url: '/messages', params: definedParams(args) }),
      transformResponse: (messages: TextMessage[], meta) => pageOf('messages', messages, meta),
    }),
    exportTextMessages: build.mutation<string, Omit<TextMessageArgs, 'page' | 'limit'>>({
      query: (args) => ({
        url: '/messages/export',
        params: definedParams(args),
        responseHandler: async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : response.json()),
      }),
    }),
  }),
});

export const { useGetTextMessagesQuery, useExportTextMessagesMutation } = textMessagesApi;
