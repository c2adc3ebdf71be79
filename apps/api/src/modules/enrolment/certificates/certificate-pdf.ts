import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Language } from '@shop/shared';
import type { CertificateSignatory } from '../../../config.js';
import { CERTIFICATE_TEXTS, certificateCheckUrl, certificatePdfDate } from './certificate-texts.js';
import type { CertificateRow } from './certificates.repository.js';

const require = createRequire(import.meta.url);
/*
 * The invoice's fonts (orders/invoice.ts): DejaVu Sans covers French accents and Arabic, and
 * pdfkit (through fontkit) shapes Arabic and lays an Arabic run right to left. A text mixing
 * Arabic and Latin words is not reordered, so each value (name, course, date, id) is drawn
 * on its own line, never glued to a label.
 */
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const FONT_MONO = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf');

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN_OR_DIGIT = /[A-Za-z0-9\u00C0-\u024F]/;

/**
 * An Arabic line as pdfkit must be given it. fontkit shapes each word and lays it right to
 * left, but pdfkit places a line's words left to right in the order given and drops the spaces
 * between Arabic words: so the words go in reverse order, joined by no-break spaces (which
 * pdfkit keeps). Looked at rendered (pdf.js): "سارة الحمامي" then reads right to left as
 * written. A line with Latin letters or digits is left as it is (no bidi pass, see above).
 */
export function arabicLine(text: string): string {
  if (!ARABIC.test(text) || LATIN_OR_DIGIT.test(text)) return text;
  return text.trim().split(/\s+/).reverse().join('\u00a0');
}

/** A4 landscape, in points. */
const WIDTH = 841.89;
const HEIGHT = 595.28;
const MARGIN = 60;
const QR_SIZE = 96;

/**
 * The QR code of a certificate as a PNG: its check address, error correction M (a printed
 * copy stays readable with a crease or a stain), 8 pixels a module.
 */
export function certificateQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 });
}

export interface CertificatePdfInput {
  certificate: Pick<CertificateRow, 'id' | 'learnerName' | 'course' | 'issuedAt' | 'centre'> &
    Partial<Pick<CertificateRow, 'sessionStartsAt' | 'sessionEndsAt'>> & {
    /** A revoked certificate's PDF says so across the page (its check page says why). */
    status?: CertificateRow['status'];
  };
  language: Language;
  signatory: CertificateSignatory;
  appUrl: string;
}

/** The certificate as a one-page PDF (A4 landscape) in the learner's language, in memory. */
export async function renderCertificatePdf({ certificate, language, signatory, appUrl }: CertificatePdfInput): Promise<Buffer> {
  const words = CERTIFICATE_TEXTS[language];
  const url = certificateCheckUrl(appUrl, certificate.id);
  const qr = await certificateQrPng(url);
  const rtl = language === 'ar';

  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `${words.title}: ${certificate.id}`, Author: certificate.centre, Subject: certificate.course },
    lang: language,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  doc.registerFont('mono', FONT_MONO);

  // A double frame.
  doc.lineWidth(2).strokeColor('#1b4f8a').rect(20, 20, WIDTH - 40, HEIGHT - 40).stroke();
  doc.lineWidth(0.5).rect(28, 28, WIDTH - 56, HEIGHT - 56).stroke();
  doc.strokeColor('black').fillColor('black');

  const inner = WIDTH - 2 * MARGIN;
  const centred = (text: string, y: number, font: 'regular' | 'bold', size: number, color = 'black') => {
    doc.font(font).fontSize(size).fillColor(color).text(arabicLine(text), MARGIN, y, { width: inner, align: 'center' });
  };

  if (certificate.centre) centred(certificate.centre, 56, 'bold', 16, '#1b4f8a');
  centred(words.title, 100, 'bold', 32, '#1b4f8a');
  centred(words.certifies, 168, 'regular', 14);
  centred(certificate.learnerName, 196, 'bold', 28);
  centred(words.completed, 246, 'regular', 14);
  doc.font('bold').fontSize(20);
  const courseTop = 274;
  const { sessionStartsAt, sessionEndsAt } = certificate;
  const session = sessionStartsAt && sessionEndsAt ? { from: sessionStartsAt, to: sessionEndsAt } : null;
  // With dated sessions, the course keeps one line and the session's dates take the other:
  // a label, then the dates alone on their line (no Arabic word beside the digits, see above).
  doc.text(arabicLine(certificate.course), MARGIN + 60, courseTop, {
    width: inner - 120,
    align: 'center',
    height: session ? 30 : 56,
    ellipsis: true,
  });
  if (session) {
    centred(words.session, 304, 'regular', 10, '#444444');
    const dates = `${certificatePdfDate(session.from, language)} – ${certificatePdfDate(session.to, language)}`;
    centred(dates, 318, 'regular', 12);
  }
  centred(words.issuedOn, 342, 'regular', 11, '#444444');
  centred(certificatePdfDate(certificate.issuedAt, language), 358, 'regular', 14);

  // The signature on the reading side's start, the QR code on its end.
  const blockTop = 410;
  const blockWidth = 220;
  const signatureX = rtl ? WIDTH - MARGIN - blockWidth : MARGIN;
  const qrX = rtl ? MARGIN : WIDTH - MARGIN - QR_SIZE;
  const align = rtl ? 'right' : 'left';
  doc.lineWidth(0.75).moveTo(signatureX, blockTop + 24).lineTo(signatureX + blockWidth, blockTop + 24).stroke();
  doc.font('regular').fontSize(9).fillColor('#444444').text(arabicLine(words.signature), signatureX, blockTop + 28, { width: blockWidth, align });
  if (signatory.name) {
    doc.font('bold').fontSize(12).fillColor('black').text(arabicLine(signatory.name), signatureX, blockTop + 44, { width: blockWidth, align });
  }
  if (signatory.title) {
    doc.font('regular').fontSize(10).fillColor('black').text(arabicLine(signatory.title), signatureX, blockTop + 62, { width: blockWidth, align });
  }
  doc.image(qr, qrX, blockTop - 6, { width: QR_SIZE, height: QR_SIZE });

  // The id and the check address in the middle, each alone on its line.
  const middleX = MARGIN + blockWidth + 20;
  const middleWidth = WIDTH - 2 * middleX;
  const middle = (text: string, y: number, font: 'regular' | 'mono', size: number) => {
    doc.font(font).fontSize(size).fillColor(font === 'mono' ? 'black' : '#444444').text(arabicLine(text), middleX, y, { width: middleWidth, align: 'center' });
  };
  middle(words.idLabel, blockTop + 8, 'regular', 9);
  middle(certificate.id, blockTop + 21, 'mono', 11);
  middle(words.checkAt, blockTop + 44, 'regular', 9);
  // The address on one line: DejaVu Sans Mono's characters are 0.6 em wide.
  middle(url, blockTop + 57, 'mono', Math.min(8, Math.floor((middleWidth / (url.length * 0.61)) * 10) / 10));

  if (certificate.status === 'revoked') {
    doc.save().rotate(-20, { origin: [WIDTH / 2, HEIGHT / 2] }).opacity(0.35);
    doc.font('bold').fontSize(96).fillColor('#b00020');
    doc.text(arabicLine(words.revoked), 0, HEIGHT / 2 - 60, { width: WIDTH, align: 'center', lineBreak: false });
    doc.restore();
  }

  doc.end();
  return done;
}
