import { describe, expect, it } from 'vitest';
import { mailtoDraft } from './contact';

describe('contact form', () => {
  it('drafts a mail to the support address with subject, message and sender, all encoded', () => {
    const href = mailtoDraft({ name: 'Amal', email: 'amal@example.com', subject: 'Group & prices', message: 'Hello?\nTen seats.' });
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('support@courseshop.tn');
    expect(url.searchParams.get('subject')).toBe('Group & prices');
    expect(url.searchParams.get('body')).toBe('Hello?\nTen seats.\n\nFrom: Amal <amal@example.com>');
  });
});
