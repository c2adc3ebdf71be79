import type { Certificate } from '@shop/shared';

/**
 * LinkedIn's public "add to profile" link for a certification (issue 35): the course as its
 * name, the centre, the issue month and year, the check page's address and the id. It opens
 * LinkedIn's own form, filled in; nothing is sent to LinkedIn by the shop.
 */
export function linkedInAddUrl(certificate: Certificate, checkUrl: string): string {
  const issued = new Date(certificate.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.course,
    organizationName: certificate.centre,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: checkUrl,
    certId: certificate._id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
