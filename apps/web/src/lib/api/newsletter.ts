import type { MessageResponse, NewsletterBody } from '@shop/shared';
import { api } from './base';

export const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribe: build.mutation<MessageResponse, NewsletterBody>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
    }),
  }),
});

export const { useSubscribeMutation } = newsletterApi;
