import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { OrderRoute } from '../routes/order';
import { anOrder, customer } from '../testing/fixtures';

/** The order page as the place-order screen opens it (state `placed`), or as a later visit. */
async function openOrder(order: ReturnType<typeof anOrder>, justPlaced: boolean) {
  const view = renderWithProviders(<OrderRoute />, {
    route: '/',
    path: '/order/:id',
    preloadedState: { user: { userInfo: customer } },
    routes: [{ path: '/', element: <p>start</p> }],
  });
  await view.router.navigate(`/order/${order._id}`, justPlaced ? { state: { placed: true } } : {});
  return view;
}

const shop = {
  name: 'Centre',
  address: '7 Rue de Marseille, 1000 Tunis',
  hours: 'Mon-Fri 8:30-17:30',
  hoursFr: 'Du lundi au vendredi, 8 h 30–17 h 30',
  hoursAr: 'من الاثنين إلى الجمعة، 8:30–17:30',
};

afterEach(async () => {
  await setLanguage('en');
});

describe('the order page right after placing', () => {
  it('thanks the customer and, for In Place, says where and when to pay from the shop settings', async () => {
    const order = anOrder({ _id: 'o1', paymentMethod: 'In Place', totalPrice: 169 });
    mockApi({
      'GET /api/orders/o1': { body: order },
      'GET /api/shop': { body: shop },
    });
    await openOrder(order, true);
    const greeting = await screen.findByRole('status', { name: 'Thank you, your order is placed' });
    expect(greeting).toHaveTextContent('Please pay $169.00 at the centre to confirm your seats:');
    expect(await screen.findByText('7 Rue de Marseille, 1000 Tunis')).toBeInTheDocument();
    expect(screen.getByText('Mon-Fri 8:30-17:30')).toBeInTheDocument();
  });

  it('says where the course takes place beside where to pay, and the hours in the page’s language (issue 54)', async () => {
    await setLanguage('fr');
    const session = { _id: 's1', startsAt: '2027-01-12T08:00:00.000Z', endsAt: '2027-01-13T12:00:00.000Z', schedule: 'Sam. et dim.', place: 'Sousse, Hôtel Riadh' };
    const order = anOrder({
      _id: 'o4',
      paymentMethod: 'In Place',
      orderItems: [{ _id: 'line-c1', learners: [], course: 'c1', name: 'Pâtisserie', qty: 1, price: 120, image: '/p.svg', session }],
    });
    mockApi({ 'GET /api/orders/o4': { body: order }, 'GET /api/shop': { body: shop } });
    await openOrder(order, true);
    expect(await screen.findByText('7 Rue de Marseille, 1000 Tunis')).toBeInTheDocument();
    expect(screen.getByText('Du lundi au vendredi, 8 h 30–17 h 30')).toBeInTheDocument();
    expect(screen.getByText('Lieu de la formation').nextElementSibling).toHaveTextContent('Sousse, Hôtel Riadh');
  });

  it('thanks a card customer without pay-on-site instructions', async () => {
    const order = anOrder({ _id: 'o2', paymentMethod: 'Card' });
    const { sent } = mockApi({ 'GET /api/orders/o2': { body: order } });
    await openOrder(order, true);
    expect(await screen.findByRole('status', { name: 'Thank you, your order is placed' })).toBeInTheDocument();
    expect(screen.queryByText(/at the centre/)).not.toBeInTheDocument();
    expect(sent.map((r) => r.path)).not.toContain('/api/shop');
  });

  it('greets nobody on a later visit of the order', async () => {
    const order = anOrder({ _id: 'o3' });
    mockApi({ 'GET /api/orders/o3': { body: order } });
    await openOrder(order, false);
    expect(await screen.findByText('NOT PAID YET')).toBeInTheDocument();
    expect(screen.queryByText('Thank you, your order is placed')).not.toBeInTheDocument();
  });
});
