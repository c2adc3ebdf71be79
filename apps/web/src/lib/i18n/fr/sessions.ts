import type { Catalogue } from '../catalogue-type';

/** French: dated sessions (issue 33). Same keys as English (en/sessions.ts). */
export const sessions = {
  heading: 'Sessions',
  choose: 'Choisissez une session',
  seatsLeft_one: '{{count}} place restante',
  seatsLeft_many: '{{count}} places restantes',
  seatsLeft_other: '{{count}} places restantes',
  full: 'Complet',
  startsOn: 'Début le {{date}}',
  onRequest: 'Dates sur demande',
  schedule: 'Horaire',
  place: 'Lieu',
  lineSession: 'Session',
  noneOpen: 'Toutes les sessions sont complètes. De nouvelles dates suivront.',
  /** Issue 34 : la liste d'attente d'une session complète (page de la formation, profil). */
  waitlist: {
    fullSession: 'La session {{dates}} est complète.',
    waiting_one: '{{count}} personne en attente',
    waiting_many: '{{count}} personnes en attente',
    waiting_other: '{{count}} personnes en attente',
    join: "S'inscrire sur la liste d'attente",
    seats: 'Places',
    seatsOf: 'Places souhaitées dans la session {{dates}}',
    joinOf: "S'inscrire sur la liste d'attente de la session {{dates}}",
    signIn: "Connectez-vous pour rejoindre la liste d'attente",
    position: "Vous êtes numéro {{position}} sur la liste d'attente.",
    leave: "Quitter la liste d'attente",
    leaveOf: "Quitter la liste d'attente de la session {{dates}}",
    failed: "Cela n'a pas fonctionné. Rechargez la page et réessayez.",
    offer_one:
      '{{count}} place de la session {{dates}} vous est réservée jusqu’au {{until}}. Choisissez-la ci-dessous et commandez.',
    offer_many:
      '{{count}} places de la session {{dates}} vous sont réservées jusqu’au {{until}}. Choisissez-la ci-dessous et commandez.',
    offer_other:
      '{{count}} places de la session {{dates}} vous sont réservées jusqu’au {{until}}. Choisissez-la ci-dessous et commandez.',
    offerNow_one:
      '{{count}} place de la session {{dates}} vous est réservée. Choisissez-la ci-dessous et commandez.',
    offerNow_many:
      '{{count}} places de la session {{dates}} vous sont réservées. Choisissez-la ci-dessous et commandez.',
    offerNow_other:
      '{{count}} places de la session {{dates}} vous sont réservées. Choisissez-la ci-dessous et commandez.',
    mine: "Mes listes d'attente",
    show: "Voir mes listes d'attente",
    loading: "Chargement de vos listes d'attente…",
    empty:
      "Vous n'êtes sur aucune liste d'attente. Quand une session est complète, inscrivez-vous depuis la page de la formation.",
    course: 'Formation',
    session: 'Session',
    inLine: 'Rang',
    offerTitle: 'Offre',
    noOffer: 'Aucune place libérée pour le moment',
    held_one: '{{count}} place réservée jusqu’au {{until}}',
    held_many: '{{count}} places réservées jusqu’au {{until}}',
    held_other: '{{count}} places réservées jusqu’au {{until}}',
    heldNow_one: '{{count}} place réservée pour vous',
    heldNow_many: '{{count}} places réservées pour vous',
    heldNow_other: '{{count}} places réservées pour vous',
    book: 'Réserver maintenant',
    left: "Vous avez quitté la liste d'attente.",
  },
  chooseFirst: "Cette session n'est plus disponible. Choisissez une autre session.",
  lineFull:
    'Cette session est maintenant complète. Choisissez une autre session ou retirez le cours.',
  lineFewer_one:
    'Il ne reste que {{count}} place dans cette session. Réduisez la quantité ou choisissez une autre session.',
  lineFewer_many:
    'Il ne reste que {{count}} places dans cette session. Réduisez la quantité ou choisissez une autre session.',
  lineFewer_other:
    'Il ne reste que {{count}} places dans cette session. Réduisez la quantité ou choisissez une autre session.',
  lineCancelled: 'Cette session a été annulée. Choisissez une autre session ou retirez le cours.',
  lineEnded: 'Cette session est terminée. Choisissez une autre session ou retirez le cours.',
  lineNoSession: 'Ce cours se déroule désormais en sessions. Choisissez-en une.',
  changeSession: 'Session de {{name}}',
  blocked: 'Modifiez ou retirez les lignes signalées ci-dessus pour commander.',
  checking: 'Vérification des sessions…',
  addToCalendar: "Ajouter à l'agenda",
  preparingCalendar: "Préparation du fichier d'agenda…",
  admin: {
    heading: 'Sessions',
    loading: 'Chargement des sessions…',
    empty:
      'Aucune session : le cours vend ses places en un seul nombre. Ajoutez une session pour vendre des places datées.',
    add: 'Ajouter une session',
    edit: 'Modifier',
    editOf: 'Modifier la session du {{dates}}',
    cancel: 'Annuler la session',
    cancelOf: 'Annuler la session du {{dates}}',
    confirmCancel:
      'Annuler la session du {{dates}} ? Ses commandes non payées sont annulées, les payées sont à rembourser, chaque apprenant reçoit un e-mail, et chaque personne en liste d’attente est prévenue.',
    hasLearned:
      'Des apprenants de cette session sont déjà marqués terminés : elle est conservée. Voir sa liste :',
    confirmYes: "Oui, l'annuler",
    keep: 'La garder',
    dates: 'Dates',
    startsAt: 'Début (heure de Tunis)',
    endsAt: 'Fin (heure de Tunis)',
    schedule: 'Horaire',
    schedulePlaceholder: 'Mar. et jeu. 18:00-20:00',
    place: 'Lieu',
    placePlaceholder: 'Tunis, Lac 2 ou En ligne',
    capacity: 'Capacité',
    seats: 'Places prises',
    fill: '{{taken}} / {{capacity}}',
    status: { open: 'Ouverte', full: 'Complète', cancelled: 'Annulée' },
    save: 'Enregistrer la session',
    saving: 'Enregistrement…',
    close: 'Fermer',
    saved: 'Session enregistrée.',
    cancelled: 'Session annulée.',
    seatsFromSessions:
      'Les places se règlent par session ci-dessous : {{count}} restantes sur les sessions ouvertes.',
    upcoming: 'Prochaines sessions',
    fillRate: 'Taux de remplissage',
    course: 'Cours',
    noUpcoming: 'Aucune session à venir.',
  },
} satisfies Catalogue;
