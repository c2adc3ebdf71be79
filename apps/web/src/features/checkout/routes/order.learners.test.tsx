import type { Order } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type SentRequest } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { anOrder, customer } from '../testing/fixtures';
import { OrderRoute } from './order';

const renderOrder = (user = customer) =>
  renderWithProviders(<OrderRoute />, {
    route: '/order/o1',
    path: '/order/:id',
    preloadedState: { user: { userInfo: user } },
  });

const session = (startsAt: string) => ({
  _id: 's1',
  startsAt,
  endsAt: '2099-01-14T16:00:00.000Z',
  schedule: '09:00-17:00',
  place: 'Tunis, Lac 2',
});

const withLearners = (learners: Order['orderItems'][number]['learners'], startsAt = '2099-01-12T08:00:00.000Z') =>
  anOrder({
    orderItems: [
      {
        _id: 'line-c1',
        learners,
        course: 'c1',
        name: 'React from scratch',
        qty: 3,
        price: 30,
        image: '/images/react.svg',
        session: session(startsAt),
      },
    ],
  });

const youssef = { _id: 'l1', name: 'Youssef Gharbi', email: 'youssef@example.com', phone: null };
const ines = { _id: 'l2', name: 'Ines Gharbi', email: null, phone: null };

const attend = async () => within(await screen.findByRole('region', { name: 'Who will attend?' }));

describe('OrderRoute: who will attend (issue 51)', () => {
  it('renames, removes and adds learners, keeping the _ids of those kept', async () => {
    const user = userEvent.setup();
    let order = withLearners([youssef, ines]);
    const { sent } = mockApi({
      'GET /api/orders/o1': () => ({ body: order }),
      'PUT /api/orders/o1/lines/line-c1/learners': (request: SentRequest) => {
        const body = request.body as { learners: { _id?: string; name: string; email?: string }[] };
        order = withLearners(
          body.learners.map((l, i) => ({ _id: l._id ?? `new${i}`, name: l.name, email: l.email ?? null, phone: null })),
        );
        return { body: order };
      },
    });
    renderOrder();
    const section = await attend();
    const line = within(section.getByRole('group', { name: 'React from scratch' }));
    expect(line.getByText('Youssef Gharbi')).toBeInTheDocument();
    expect(line.getByText('youssef@example.com')).toBeInTheDocument();
    expect(line.getByText('1 seat not named (yours)')).toBeInTheDocument();

    await user.click(line.getByRole('button', { name: 'Change the names' }));
    const names = line.getAllByRole('textbox', { name: 'Name' });
    expect(names.map((n) => (n as HTMLInputElement).value)).toEqual(['Youssef Gharbi', 'Ines Gharbi']);
    await user.clear(names[0]!);
    await user.type(names[0]!, 'Youssef Ben Gharbi');
    await user.click(line.getByRole('button', { name: 'Remove Ines Gharbi' }));
    await user.click(line.getByRole('button', { name: 'Add a name' }));
    // A blank new row is refused before sending.
    await user.click(line.getByRole('button', { name: 'Save the names' }));
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(line.getByText('Enter a name, or remove this seat.')).toBeInTheDocument();
    await user.type(line.getAllByRole('textbox', { name: 'Name' })[1]!, 'Sami Trabelsi');
    await user.type(line.getAllByRole('textbox', { name: 'E-mail (optional)' })[1]!, 'sami@example.com');
    await user.click(line.getByRole('button', { name: 'Save the names' }));

    expect(await line.findByRole('status')).toHaveTextContent('Names saved.');
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({
      learners: [
        { _id: 'l1', name: 'Youssef Ben Gharbi', email: 'youssef@example.com' },
        { name: 'Sami Trabelsi', email: 'sami@example.com' },
      ],
    });
    await waitFor(() => expect(line.getByText('Sami Trabelsi')).toBeInTheDocument());
    expect(line.queryByText('Ines Gharbi')).not.toBeInTheDocument();
  });

  it('says the names are locked once the session has started', async () => {
    mockApi({ 'GET /api/orders/o1': { body: withLearners([youssef], '2020-01-12T08:00:00.000Z') } });
    renderOrder();
    const section = await attend();
    expect(section.getByText('Youssef Gharbi')).toBeInTheDocument();
    expect(section.getByText('Names are locked: the session has started.')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Change the names' })).not.toBeInTheDocument();
  });

  it('closes the form and says so when the server answers 409 LEARNERS_LOCKED', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/orders/o1': { body: withLearners([youssef]) },
      'PUT /api/orders/o1/lines/line-c1/learners': {
        status: 409,
        body: { message: 'The session has started: the names can no longer change.', code: 'LEARNERS_LOCKED' },
      },
    });
    renderOrder();
    const line = within((await attend()).getByRole('group', { name: 'React from scratch' }));
    await user.click(line.getByRole('button', { name: 'Change the names' }));
    await user.click(line.getByRole('button', { name: 'Add a name' }));
    await user.type(line.getAllByRole('textbox', { name: 'Name' })[1]!, 'Sami Trabelsi');
    await user.click(line.getByRole('button', { name: 'Save the names' }));
    // Nothing on the page explains the refusal (its order and session look open): it says no more than is true.
    expect(await line.findByRole('alert')).toHaveTextContent('Names can no longer be changed for this order.');
    expect(line.queryByRole('textbox')).not.toBeInTheDocument();
    expect(line.queryByRole('button', { name: 'Change the names' })).not.toBeInTheDocument();
  });

  it('lets an admin edit another buyer’s names; another customer sees no form', async () => {
    mockApi({ 'GET /api/orders/o1': { body: withLearners([youssef]) } });
    const { unmount } = renderOrder({ ...customer, _id: 'a1', isAdmin: true });
    expect(await (await attend()).findByRole('button', { name: 'Change the names' })).toBeInTheDocument();
    unmount();
    renderOrder({ ...customer, _id: 'u2' });
    expect(await screen.findByText('Youssef Gharbi')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the names' })).not.toBeInTheDocument();
  });
});
