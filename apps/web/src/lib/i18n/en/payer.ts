/** Issue 51: a child asks a parent to pay (the child's order page, the adult's link page, "Orders I pay for"). */
export const payer = {
  ask: {
    title: 'Ask a parent to pay',
    intro:
      'You cannot pay online with a child account. Enter the e-mail address of a parent or another adult: we send them a link to pay for this order.',
    email: 'Adult’s e-mail address',
    submit: 'Send the request',
    confirm: 'Send a request to pay this order to {{email}}? A link sent before stops working.',
    sent: 'Request sent to {{email}}. They will receive a link to pay for your order.',
    again: 'You can send it again or to someone else: only the newest link works.',
  },
  accept: {
    title: 'Pay for a child’s order',
    intro:
      'A child asked you to pay for this order. Accept to see the order and pay it; the child stays the learner. The invoice will be made out to you.',
    method: 'How will you pay?',
    methodKeep: 'As chosen when ordering',
    submit: 'Accept and continue to payment',
    accepted: 'You now pay for this order. Choose how to pay below.',
    seeOrder: 'See the order',
    kid: 'A child account cannot pay for an order. Sign out and sign in with an adult account.',
  },
  paidBy: 'Paid by',
  payerNote: 'You are paying for {{name}}’s order.',
  mine: {
    show: 'Orders I pay for',
    title: 'Orders I pay for',
    none: 'You are not paying for anyone’s order.',
    child: 'For',
  },
};
