import type { Order } from '@shop/shared';
import { api } from './base';
import { onSuccess } from './tags';

/** The proof file for display: an object URL (the caller revokes it) and its type. */
export interface ProofFile {
  url: string;
  type: string;
}

function orderChanged(id: string) {
  return [
    { type: 'Order' as const, id },
    { type: 'Order' as const, id: `${id}/history` },
    { type: 'Order' as const, id: 'LIST' },
    { type: 'Order' as const, id: 'MINE' },
  ];
}

/** Paying by transfer (issue 36): the proof of payment of a Transfer order. */
export const paymentProofsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The owner sends the receipt (photo or PDF) as the multipart field `file`. */
    uploadProof: build.mutation<Order, { id: string; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `/orders/${encodeURIComponent(id)}/proof`, method: 'POST', body };
      },
      // A 409 means the order changed meanwhile (paid, expired): fetched again either way.
      invalidatesTags: (_r, _e, { id }) => orderChanged(id),
    }),
    /** Admin: the proof is refused with a reason the customer reads. */
    rejectProof: build.mutation<Order, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/orders/${encodeURIComponent(id)}/proof/reject`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: onSuccess(({ id }: { id: string }) => orderChanged(id)),
    }),
    /**
     * The proof as an object URL (the request needs the bearer token, so an <img> or a link to
     * the API cannot load it), keyed by the upload time so a new proof is fetched again.
     */
    getProofFile: build.query<ProofFile, { id: string; uploadedAt: string }>({
      query: ({ id }) => ({
        url: `/orders/${encodeURIComponent(id)}/proof`,
        responseHandler: async (response) => {
          if (!response.ok) return response.json();
          const blob = await response.blob();
          return { url: URL.createObjectURL(blob), type: blob.type };
        },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useUploadProofMutation, useRejectProofMutation, useGetProofFileQuery } = paymentProofsApi;
