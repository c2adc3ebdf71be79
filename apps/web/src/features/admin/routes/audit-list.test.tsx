import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEventJson } from '@shop/shared';
import { renderWithProviders } from '@/testing/render';
import { mockApi, type SentRequest } from '@/testing/mock-api';
import { signedInAdmin } from '../testing/fixtures';
import { AuditListRoute } from './audit-list';

const edit: AuditEventJson = {
  _id: 'a1',
  entity: 'course',
  entityId: 'c1',
  action: 'updated',
  actor: { _id: 'u1', name: 'Admin Sami', role: 'admin' },
  changes: { price: { from: 0, to: 80 }, category: { from: [], to: ['Art', 'English'] } },
  at: '2026-04-02T09:30:00.000Z',
};
const removal: AuditEventJson = {
  _id: 'a2',
  entity: 'user',
  entityId: 'u9',
  action: 'deleted',
  actor: { _id: null, name: 'Former Admin', role: 'admin' },
  changes: { name: { from: 'Omar', to: null } },
  at: '2026-04-01T09:30:00.000Z',
};

/** The trail's own requests (the screen also asks for the admins, for the "By whom" field). */
const trailCalls = (sent: SentRequest[]) => sent.filter((r) => r.path === '/api/admin/audit');

const renderTrail = (route = '/admin/audit') =>
  renderWithProviders(<AuditListRoute />, {
    route,
    path: '/admin/audit',
    preloadedState: signedInAdmin,
  });

describe('AuditListRoute', () => {
  it('lists who changed what, with each field before and after', async () => {
    mockApi({
      'GET /api/admin/audit': { body: [edit, removal], headers: { 'X-Total-Count': '2' } },
    });
    renderTrail();
    const table = await screen.findByRole('table', { name: 'Every admin change, newest first' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Admin Sami (admin)');
    expect(within(first!).getByRole('link', { name: 'c1' })).toHaveAttribute(
      'href',
      '/admin/course/c1/edit',
    );
    expect(within(first!).getByText('price: 0 → 80')).toBeInTheDocument();
    expect(within(first!).getByText('category: (empty) → Art, English')).toBeInTheDocument();
    // A deleted user has no screen left to link to.
    expect(within(second!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(second!).getByText('name: Omar → (empty)')).toBeInTheDocument();
    expect(second).toHaveTextContent('Deleted');
  });

  it('shows a recorded refund as its fields, never as "[object Object]"', async () => {
    const cancel: AuditEventJson = {
      _id: 'a3',
      entity: 'order',
      entityId: 'o1',
      action: 'cancelled',
      actor: { _id: 'u1', name: 'Admin Sami', role: 'admin' },
      changes: { refund: { from: null, to: { status: 'due', amount: 214.99, provider: 'Konnect', reference: null } } },
      at: '2026-04-03T09:30:00.000Z',
    };
    mockApi({ 'GET /api/admin/audit': { body: [cancel], headers: { 'X-Total-Count': '1' } } });
    renderTrail();
    const table = await screen.findByRole('table', { name: 'Every admin change, newest first' });
    expect(within(table).getByText('refund: (empty) → status: due, amount: 214.99, provider: Konnect')).toBeInTheDocument();
    expect(table).not.toHaveTextContent('[object Object]');
  });

  it('filters by kind from the URL and the form', async () => {
    const { sent } = mockApi({
      'GET /api/admin/audit': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    renderTrail('/admin/audit?entity=order');
    expect(await screen.findByText('Nothing Found !!!')).toBeInTheDocument();
    expect(trailCalls(sent)[0]?.search.get('entity')).toBe('order');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Paid');
    expect(Object.fromEntries(trailCalls(sent).at(-1)!.search)).toEqual({
      entity: 'order',
      action: 'paid',
      page: '1',
      limit: '20',
    });
  });

  it('shows the history of one course from its edit screen link, and offers every change', async () => {
    const { sent } = mockApi({
      'GET /api/admin/audit': { body: [edit], headers: { 'X-Total-Count': '1' } },
    });
    renderTrail('/admin/audit?entity=course&entityId=c1');
    expect(await screen.findByText(/Changes of course c1 only\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show every change' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
    expect(Object.fromEntries(trailCalls(sent)[0]!.search)).toEqual({
      entity: 'course',
      entityId: 'c1',
      page: '1',
      limit: '20',
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Updated');
    expect(Object.fromEntries(trailCalls(sent).at(-1)!.search)).toEqual({
      entity: 'course',
      entityId: 'c1',
      action: 'updated',
      page: '1',
      limit: '20',
    });
  });

  it('filters by who made the records: an admin picked by name, kept in the URL', async () => {
    const { sent } = mockApi({
      'GET /api/admin/audit': { body: [edit], headers: { 'X-Total-Count': '1' } },
      'GET /api/users': {
        body: [
          { _id: 'u1', name: 'Admin Sami', email: 'sami@example.tn', isAdmin: true, isKid: false },
          {
            _id: 'u2',
            name: 'Admin Salma',
            email: 'salma@example.tn',
            isAdmin: true,
            isKid: false,
          },
        ],
        headers: { 'X-Total-Count': '2' },
      },
    });
    const { router } = renderTrail('/admin/audit?entity=course');
    const byWhom = await screen.findByRole('combobox', { name: 'By whom' });
    await screen.findByRole('option', { name: 'Admin Salma (salma@example.tn)' });
    const users = sent.find((r) => r.path === '/api/users');
    expect(users?.search.get('admin')).toBe('true');
    await userEvent.selectOptions(byWhom, 'Admin Salma (salma@example.tn)');
    expect(Object.fromEntries(trailCalls(sent).at(-1)!.search)).toEqual({
      entity: 'course',
      actor: 'u2',
      page: '1',
      limit: '20',
    });
    expect(router.state.location.search).toContain('actor=u2');
    expect(screen.getByRole('combobox', { name: 'By whom' })).toHaveValue('u2');
  });

  it('keeps an actor of the URL who is not an admin (a customer), shown by id', async () => {
    const { sent } = mockApi({
      'GET /api/admin/audit': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /api/users': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    renderTrail('/admin/audit?actor=c7');
    expect(await screen.findByText('Nothing Found !!!')).toBeInTheDocument();
    expect(trailCalls(sent)[0]?.search.get('actor')).toBe('c7');
    expect(screen.getByRole('combobox', { name: 'By whom' })).toHaveValue('c7');
    expect(screen.getByRole('option', { name: 'User c7' })).toBeInTheDocument();
  });
});
