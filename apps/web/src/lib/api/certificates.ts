import type { Certificate, CertificateListItem } from '@shop/shared';
import { api } from './base';
import { definedParams, pageOf, type Page } from './page';
import { onSuccess } from './tags';

export interface CertificateListArgs {
  page?: number;
  limit?: number;
  /** Admin: any part of the learner's name or the course, or a whole certificate id. */
  q?: string | undefined;
}

export type CertificatePage = Page<'certificates', CertificateListItem>;

/** Certificates (issue 35): the public check, the learner's and the admin's lists, revoke and re-issue. */
export const certificatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Anyone: a certificate as its public check page shows it. */
    getCertificate: build.query<Certificate, string>({
      query: (id) => `/certificates/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Certificate', id }],
    }),
    /** The signed-in learner's certificates; an admin's are everyone's (paged, searchable). */
    getCertificates: build.query<CertificatePage, CertificateListArgs>({
      query: (args) => ({ url: '/certificates', params: definedParams(args) }),
      transformResponse: (certificates: CertificateListItem[], meta) => pageOf('certificates', certificates, meta),
      providesTags: [{ type: 'Certificate', id: 'LIST' }],
    }),
    /** The PDF (it needs the sign-in token), as an object URL for a download link. */
    downloadCertificate: build.mutation<string, string>({
      query: (id) => ({
        url: `/certificates/${encodeURIComponent(id)}/pdf`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    revokeCertificate: build.mutation<CertificateListItem, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/certificates/${encodeURIComponent(id)}/revoke`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: onSuccess((arg) => [
        { type: 'Certificate', id: 'LIST' },
        { type: 'Certificate', id: arg.id },
      ]),
    }),
    reissueCertificate: build.mutation<CertificateListItem, string>({
      query: (id) => ({ url: `/certificates/${encodeURIComponent(id)}/reissue`, method: 'POST', body: {} }),
      invalidatesTags: onSuccess((id) => [
        { type: 'Certificate', id: 'LIST' },
        { type: 'Certificate', id },
      ]),
    }),
  }),
});

export const {
  useGetCertificateQuery,
  useGetCertificatesQuery,
  useDownloadCertificateMutation,
  useRevokeCertificateMutation,
  useReissueCertificateMutation,
} = certificatesApi;
