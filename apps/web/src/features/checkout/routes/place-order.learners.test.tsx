import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aCartItem, anOrder, checkoutState } from '../testing/fixtures';
import { PlaceOrderRoute } from './place-order';

const renderPlaceOrder = (state: ReturnType<typeof checkoutState>) =>
  renderWithProviders(<PlaceOrderRoute />, {
    route: '/placeorder',
    path: '/placeorder',
    preloadedState: state,
    routes: [{ path: '/order/:id', element: <p>order page</p> }],
  });

const attend = () => within(screen.getByRole('region', { name: 'Who will attend?' }));
const orderItems = (body: unknown) => (body as { orderItems: unknown[] }).orderItems;

describe('PlaceOrderRoute: who will attend (issue 51)', () => {
  afterEach(() => void setLanguage('en'));

  it('defaults to "Me" and sends no learners', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({ 'POST /api/orders': { status: 201, body: anOrder({ _id: 'o1' }) } });
    const { router } = renderPlaceOrder(checkoutState([aCartItem({ qty: 2 })]));
    const course = within(attend().getByRole('group', { name: 'React from scratch' }));
    expect(course.getByRole('radio', { name: 'Me' })).toBeChecked();
    expect(course.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o1'));
    expect(orderItems(sent[0]!.body)).toEqual([{ course: 'c1', qty: 2 }]);
  });

  it('names up to qty people, refuses a blank name and a bad e-mail before sending, then sends the names', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({ 'POST /api/orders': { status: 201, body: anOrder({ _id: 'o2' }) } });
    const { router, store } = renderPlaceOrder(
      checkoutState([aCartItem({ qty: 3 }), aCartItem({ course: 'c2', name: 'Excel', qty: 1 })]),
    );
    const react = within(attend().getByRole('group', { name: 'React from scratch' }));
    await user.click(react.getByRole('radio', { name: 'Name the learners' }));
    expect(react.getByText('3 seats: name up to 3 people; seats left unnamed are yours.')).toBeInTheDocument();
    // One row to start with; "Add a name" adds rows up to the quantity, then goes away.
    expect(react.getAllByRole('textbox', { name: 'Name' })).toHaveLength(1);
    await user.click(react.getByRole('button', { name: 'Add a name' }));
    expect(react.getAllByRole('textbox', { name: 'Name' })[1]).toHaveFocus();
    await user.click(react.getByRole('button', { name: 'Add a name' }));
    expect(react.getAllByRole('textbox', { name: 'Name' })).toHaveLength(3);
    expect(react.queryByRole('button', { name: 'Add a name' })).not.toBeInTheDocument();
    // The third seat stays the buyer's.
    await user.click(react.getByRole('button', { name: 'Remove seat 3' }));

    const [first, second] = react.getAllByRole('textbox', { name: 'Name' });
    const [firstEmail] = react.getAllByRole('textbox', { name: 'E-mail (optional)' });
    await user.type(first!, '  Youssef Gharbi ');
    await user.type(firstEmail!, 'youssef@');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(sent).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Check the names of the learners.');
    expect(second).toHaveAccessibleDescription('Enter a name, or remove this seat.');
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(firstEmail).toHaveAccessibleDescription('Enter a valid e-mail, or leave it empty.');

    await user.type(firstEmail!, 'example.com');
    await user.type(second!, 'Ines Gharbi');
    expect(screen.queryByText('Check the names of the learners.')).not.toBeInTheDocument();
    // Kept in the cart state, so going back a step and returning keeps the names.
    expect(store.getState().cart.cartItems[0]!.learners).toEqual([
      { name: '  Youssef Gharbi ', email: 'youssef@example.com' },
      { name: 'Ines Gharbi', email: '' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o2'));
    expect(orderItems(sent[0]!.body)).toEqual([
      {
        course: 'c1',
        qty: 3,
        learners: [{ name: 'Youssef Gharbi', email: 'youssef@example.com' }, { name: 'Ines Gharbi' }],
      },
      { course: 'c2', qty: 1 },
    ]);
  });

  it("takes a learner's mobile for SMS (issue 53): refuses one that is not a number, sends it as typed", async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({ 'POST /api/orders': { status: 201, body: anOrder({ _id: 'o3' }) } });
    const { router } = renderPlaceOrder(checkoutState([aCartItem({ qty: 1 })]));
    const react = within(attend().getByRole('group', { name: 'React from scratch' }));
    await user.click(react.getByRole('radio', { name: 'Name the learners' }));
    await user.type(react.getByRole('textbox', { name: 'Name' }), 'Lina Trabelsi');
    const phone = react.getByRole('textbox', { name: 'Mobile (optional)' });
    expect(phone).toHaveAccessibleDescription('For SMS reminders: 8 digits for a Tunisian number.');
    await user.type(phone, '12 34');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(sent).toHaveLength(0);
    expect(phone).toHaveAccessibleDescription('Enter a mobile number (8 digits, or + and the country code), or leave it empty.');
    await user.clear(phone);
    await user.type(phone, '98 123 456');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o3'));
    expect(orderItems(sent[0]!.body)).toEqual([{ course: 'c1', qty: 1, learners: [{ name: 'Lina Trabelsi', phone: '98 123 456' }] }]);
  });

  it('shows names kept in the cart, and "Me" forgets them', async () => {
    const user = userEvent.setup();
    const { store } = renderPlaceOrder(
      checkoutState([aCartItem({ qty: 2, learners: [{ name: 'Sami Ben Ali', email: '' }] })]),
    );
    const course = within(attend().getByRole('group', { name: 'React from scratch' }));
    expect(course.getByRole('radio', { name: 'Name the learners' })).toBeChecked();
    expect(course.getByRole('textbox', { name: 'Name' })).toHaveValue('Sami Ben Ali');
    await user.click(course.getByRole('radio', { name: 'Me' }));
    expect(store.getState().cart.cartItems[0]!.learners).toBeUndefined();
  });

  it('speaks French and Arabic', async () => {
    await setLanguage('fr');
    const { unmount } = renderPlaceOrder(checkoutState([aCartItem({ qty: 2, learners: [] })]));
    expect(screen.getByRole('heading', { name: 'Qui participera ?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter un nom' })).toBeInTheDocument();
    unmount();
    await setLanguage('ar');
    renderPlaceOrder(checkoutState([aCartItem({ qty: 2, learners: [] })]));
    expect(screen.getByRole('heading', { name: 'من سيحضر؟' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'أنا' })).not.toBeChecked();
  });
});
