import type { Catalogue } from '../catalogue-type';

/** Issue 51 : un enfant demande à un parent de payer. */
export const payer: Catalogue = {
  ask: {
    title: 'Demander à un parent de payer',
    intro:
      'Un compte enfant ne peut pas payer en ligne. Saisissez l’adresse e-mail d’un parent ou d’un autre adulte : nous lui envoyons un lien pour payer cette commande.',
    email: 'Adresse e-mail de l’adulte',
    submit: 'Envoyer la demande',
    confirm:
      'Envoyer à {{email}} une demande de paiement de cette commande ? Un lien envoyé avant ne fonctionnera plus.',
    sent: 'Demande envoyée à {{email}}. Cette personne recevra un lien pour payer votre commande.',
    again:
      'Vous pouvez l’envoyer à nouveau ou à quelqu’un d’autre : seul le lien le plus récent fonctionne.',
  },
  accept: {
    title: 'Payer la commande d’un enfant',
    intro:
      'Un enfant vous demande de payer cette commande. Acceptez pour voir la commande et la payer ; l’enfant reste l’apprenant. La facture sera établie à votre nom.',
    method: 'Comment allez-vous payer ?',
    methodKeep: 'Comme choisi à la commande',
    submit: 'Accepter et passer au paiement',
    accepted: 'Vous payez désormais cette commande. Choisissez comment payer ci-dessous.',
    seeOrder: 'Voir la commande',
    kid: 'Un compte enfant ne peut pas payer une commande. Déconnectez-vous et connectez-vous avec un compte adulte.',
  },
  paidBy: 'Payée par',
  payerNote: 'Vous payez la commande de {{name}}.',
  mine: {
    show: 'Commandes que je paie',
    title: 'Commandes que je paie',
    none: 'Vous ne payez la commande de personne.',
    child: 'Pour',
  },
};
