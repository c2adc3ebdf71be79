import type { Category, Size } from '@shop/shared';

/** A demo reviewer: a real, verified account nobody can sign in to (random password). */
export interface DemoReviewer {
  name: string;
  email: string;
}

export const DEMO_REVIEWERS: readonly DemoReviewer[] = [
  { name: 'Amira Ben Salah', email: 'amira.bensalah@demo.example.com' },
  { name: 'Youssef Trabelsi', email: 'youssef.trabelsi@demo.example.com' },
  { name: 'Lina Haddad', email: 'lina.haddad@demo.example.com' },
  { name: 'Karim Mansour', email: 'karim.mansour@demo.example.com' },
];

/** [index into DEMO_REVIEWERS, rating 1..5, comment] */
export type DemoReview = readonly [number, 1 | 2 | 3 | 4 | 5, string];

export interface DemoCourse {
  /** File-name stem of the course's three images. */
  slug: string;
  name: string;
  category: Category[];
  price: number;
  availability: number;
  sizes: Size[];
  description: string;
  /** Short topic printed on the generated illustrations. */
  topic: string;
  reviews?: DemoReview[];
}

/** The demo catalogue: every category of the table, a kids area, a few sold-out courses. */
export const DEMO_COURSES: readonly DemoCourse[] = [
  // English
  {
    slug: 'business-english-essentials',
    name: 'Business English Essentials',
    category: ['English'],
    price: 280,
    availability: 18,
    sizes: ['M', 'L'],
    topic: 'Meetings & e-mails',
    description:
      'Run meetings, write clear e-mails and negotiate with confidence. Twelve evening sessions built around real workplace situations, with role plays and personal feedback on your writing.',
    reviews: [
      [0, 5, 'Exactly what I needed for my new job. The e-mail templates alone were worth it.'],
      [1, 4, 'Good pace and a patient teacher. I would have liked one more negotiation session.'],
    ],
  },
  {
    slug: 'ielts-preparation-intensive',
    name: 'IELTS Preparation Intensive',
    category: ['English'],
    price: 450,
    availability: 12,
    sizes: ['M'],
    topic: 'Band 7 strategy',
    description:
      'A six-week intensive covering the four IELTS papers. Timed mock exams every Saturday, speaking practice with an examiner-trained tutor and a study plan adapted to your target band.',
    reviews: [
      [2, 5, 'Went from 6.0 to 7.5 in speaking. The mock exams are very close to the real thing.'],
    ],
  },
  {
    slug: 'english-conversation-club',
    name: 'English Conversation Club',
    category: ['English'],
    price: 60,
    availability: 25,
    sizes: ['S', 'M'],
    topic: 'Speak every week',
    description:
      'Small groups of six meet twice a week to talk about travel, films, food and the news. Relaxed, friendly and the fastest way to lose the fear of speaking.',
  },
  {
    slug: 'english-grammar-from-zero',
    name: 'English Grammar from Zero',
    category: ['English'],
    price: 95,
    availability: 0,
    sizes: ['S'],
    topic: 'Tenses made simple',
    description:
      'Tenses, articles, prepositions and sentence order explained step by step for complete beginners, with short exercises after every lesson and a final review quiz.',
  },
  {
    slug: 'academic-writing-in-english',
    name: 'Academic Writing in English',
    category: ['English'],
    price: 320,
    availability: 9,
    sizes: ['M', 'L'],
    topic: 'Essays & reports',
    description:
      'Plan, structure and polish essays, reports and research abstracts. Ideal for university students and researchers who publish in English.',
  },
  // Francais
  {
    slug: 'francais-des-affaires',
    name: 'Français des affaires',
    category: ['Francais'],
    price: 300,
    availability: 14,
    sizes: ['M', 'L'],
    topic: 'French at work',
    description:
      'Business French for professionals: presenting a company, answering the phone, writing formal letters and taking part in meetings held in French.',
    reviews: [
      [3, 4, 'Very practical. The phone simulations helped me a lot with clients from Paris.'],
    ],
  },
  {
    slug: 'delf-b2-preparation',
    name: 'DELF B2 Preparation',
    category: ['Francais'],
    price: 420,
    availability: 10,
    sizes: ['M'],
    topic: 'Pass the DELF B2',
    description:
      'Everything you need for the DELF B2 exam: listening and reading strategies, argumentative writing and a full oral exam rehearsal in front of a jury.',
  },
  {
    slug: 'french-for-beginners',
    name: 'French for Beginners',
    category: ['Francais'],
    price: 85,
    availability: 30,
    sizes: ['S', 'M'],
    topic: 'Bonjour !',
    description:
      'Greet people, introduce yourself, order in a café and ask for directions. A gentle start in French with songs, dialogues and lots of speaking.',
    reviews: [
      [1, 5, 'Fun from the first lesson. My daughter and I took it together.'],
      [2, 4, 'Clear explanations, nice atmosphere.'],
    ],
  },
  {
    slug: 'french-pronunciation-workshop',
    name: 'French Pronunciation Workshop',
    category: ['Francais'],
    price: 70,
    availability: 0,
    sizes: ['S'],
    topic: 'Sounds & rhythm',
    description:
      'Nasal vowels, the French R and sentence rhythm practised in a lab with recordings, so you finally sound the way you write.',
  },
  {
    slug: 'french-literature-reading-circle',
    name: 'French Literature Reading Circle',
    category: ['Francais'],
    price: 150,
    availability: 8,
    sizes: ['M'],
    topic: 'Camus to Maalouf',
    description:
      'Read and discuss short novels by Camus, Sagan and Maalouf. Each month one book, one debate and one short essay to sharpen your written French.',
  },
  // Art
  {
    slug: 'watercolour-landscapes',
    name: 'Watercolour Landscapes',
    category: ['Art'],
    price: 180,
    availability: 11,
    sizes: ['S', 'M'],
    topic: 'Light & water',
    description:
      'Paint the coast of Sidi Bou Said and the hills of the north. Washes, layering and how to keep colours fresh, with all paper and paints provided.',
    reviews: [
      [0, 5, 'I never thought I could paint. Now my living room has three of my own paintings.'],
    ],
  },
  {
    slug: 'drawing-fundamentals',
    name: 'Drawing Fundamentals',
    category: ['Art'],
    price: 90,
    availability: 20,
    sizes: ['S', 'M', 'L'],
    topic: 'Line, shape, shade',
    description:
      'Perspective, proportions and shading from simple shapes to portraits. A solid base for any visual art, taught in small groups with individual correction.',
  },
  {
    slug: 'digital-illustration-with-krita',
    name: 'Digital Illustration with Krita',
    category: ['Art'],
    price: 260,
    availability: 7,
    sizes: ['M'],
    topic: 'Paint on screen',
    description:
      'Learn brushes, layers and colour management in the free Krita software and finish a complete character illustration by the end of the course.',
  },
  {
    slug: 'photography-basics',
    name: 'Photography Basics',
    category: ['Art'],
    price: 140,
    availability: 0,
    sizes: ['M', 'L'],
    topic: 'Aperture & light',
    description:
      'Understand aperture, shutter speed and ISO, compose better pictures and edit them. Two outdoor photo walks in the Medina are included.',
    reviews: [
      [3, 3, 'Good content, but the group was too big for the photo walks.'],
      [1, 4, 'I finally understand manual mode.'],
    ],
  },
  {
    slug: 'calligraphy-arabic-and-latin',
    name: 'Calligraphy: Arabic and Latin Scripts',
    category: ['Art'],
    price: 200,
    availability: 6,
    sizes: ['M'],
    topic: 'Ink & reed pen',
    description:
      'Discover Kufic and Naskh scripts alongside Latin italic hand. Reed pens, ink preparation and composition of a framed final piece.',
  },
  // Programming
  {
    slug: 'javascript-from-scratch',
    name: 'JavaScript from Scratch',
    category: ['Programming'],
    price: 350,
    availability: 22,
    sizes: ['M', 'L'],
    topic: 'Variables to async',
    description:
      'Variables, functions, arrays, objects, the DOM and asynchronous code. Build five small web projects and leave with a portfolio on GitHub.',
    reviews: [
      [2, 5, 'Best investment of the year. The projects are realistic and fun.'],
      [3, 5, 'Clear, structured, and the instructor answers every question.'],
      [0, 4, 'Great course, a little fast in the async chapter.'],
    ],
  },
  {
    slug: 'full-stack-web-with-react-and-node',
    name: 'Full-Stack Web with React and Node',
    category: ['Programming'],
    price: 890,
    availability: 15,
    sizes: ['L'],
    topic: 'React + Express',
    description:
      'A twelve-week bootcamp: React, TypeScript, Express and PostgreSQL. You design, build and deploy a complete online shop in a team of three.',
    reviews: [[1, 5, 'Demanding but I got a junior developer job two months later.']],
  },
  {
    slug: 'python-for-data-analysis',
    name: 'Python for Data Analysis',
    category: ['Programming'],
    price: 480,
    availability: 13,
    sizes: ['M', 'L'],
    topic: 'pandas & charts',
    description:
      'Clean, explore and visualise data with Python, pandas and Matplotlib. Real data sets from tourism, agriculture and retail in Tunisia.',
  },
  {
    slug: 'sql-and-relational-databases',
    name: 'SQL and Relational Databases',
    category: ['Programming'],
    price: 240,
    availability: 0,
    sizes: ['M'],
    topic: 'SELECT ... JOIN',
    description:
      'Design tables, write joins, aggregate with GROUP BY and speed up queries with indexes. Practised on PostgreSQL with a realistic shop database.',
  },
  {
    slug: 'mobile-apps-with-flutter',
    name: 'Mobile Apps with Flutter',
    category: ['Programming'],
    price: 620,
    availability: 10,
    sizes: ['L'],
    topic: 'One code, two apps',
    description:
      'Build Android and iOS apps from a single Dart code base. Layouts, navigation, state management and publishing to the stores.',
  },
  {
    slug: 'git-and-github-in-a-day',
    name: 'Git and GitHub in a Day',
    category: ['Programming'],
    price: 45,
    availability: 30,
    sizes: ['S'],
    topic: 'commit, branch, merge',
    description:
      'Commits, branches, merges, pull requests and how to recover from mistakes. A one-day workshop every developer should take early.',
    reviews: [[2, 4, 'Short and useful. The "undo anything" cheat sheet is on my wall now.']],
  },
  {
    slug: 'cybersecurity-fundamentals',
    name: 'Cybersecurity Fundamentals',
    category: ['Programming'],
    price: 560,
    availability: 5,
    sizes: ['M', 'L'],
    topic: 'Think like an attacker',
    description:
      'Networks, passwords, encryption and the most common web attacks, with hands-on labs where you find and fix vulnerabilities in a practice application.',
  },
  // Cabin Crew
  {
    slug: 'cabin-crew-foundation',
    name: 'Cabin Crew Foundation',
    category: ['Cabin Crew'],
    price: 850,
    availability: 16,
    sizes: ['M', 'L'],
    topic: 'Ready for boarding',
    description:
      'The complete preparation for a flight attendant career: safety procedures, first aid, in-flight service, grooming and airline recruitment days.',
    reviews: [
      [0, 5, 'Hired by an airline right after the course. Thank you!'],
      [3, 4, 'Very professional trainers with real flying experience.'],
    ],
  },
  {
    slug: 'aviation-english-for-cabin-crew',
    name: 'Aviation English for Cabin Crew',
    category: ['Cabin Crew', 'English'],
    price: 330,
    availability: 12,
    sizes: ['M'],
    topic: 'Announcements',
    description:
      'Cabin announcements, passenger service phrases and emergency commands in clear aviation English, recorded and corrected one by one.',
  },
  {
    slug: 'cabin-crew-interview-coaching',
    name: 'Cabin Crew Interview Coaching',
    category: ['Cabin Crew'],
    price: 120,
    availability: 0,
    sizes: ['M'],
    topic: 'Assessment day',
    description:
      'Group exercises, the final interview and the reach test: a mock airline assessment day with detailed feedback on every step.',
  },
  {
    slug: 'in-flight-first-aid',
    name: 'In-Flight First Aid',
    category: ['Cabin Crew'],
    price: 210,
    availability: 9,
    sizes: ['M', 'L'],
    topic: 'Care at 10 000 m',
    description:
      'Recognise and handle medical situations on board: CPR, use of the defibrillator, allergies and in-flight childbirth basics. Certificate included.',
  },
  // Soft skills (adults)
  {
    slug: 'public-speaking-with-confidence',
    name: 'Public Speaking with Confidence',
    category: ['Soft skills'],
    price: 190,
    availability: 14,
    sizes: ['M', 'L'],
    topic: 'Own the stage',
    description:
      'Structure a talk, handle stage fright and use your voice and body. Every session ends with a filmed presentation and friendly feedback.',
    reviews: [[1, 5, 'I gave my first conference talk a month later. Life-changing.']],
  },
  {
    slug: 'time-management-and-productivity',
    name: 'Time Management and Productivity',
    category: ['Soft skills'],
    price: 75,
    availability: 25,
    sizes: ['S', 'M'],
    topic: 'Plan your week',
    description:
      'Prioritise, plan your week and protect focus time. Simple methods that fit real jobs, with a personal action plan at the end.',
  },
  {
    slug: 'leadership-for-new-managers',
    name: 'Leadership for New Managers',
    category: ['Soft skills'],
    price: 540,
    availability: 8,
    sizes: ['L'],
    topic: 'Lead a team',
    description:
      'Give feedback, delegate, run one-to-ones and lead change. For people who have just become team leaders and want to do it well.',
  },
  {
    slug: 'job-interview-preparation',
    name: 'Job Interview Preparation',
    category: ['Soft skills'],
    price: 55,
    availability: 0,
    sizes: ['S', 'M'],
    topic: 'Get the job',
    description:
      'Write a CV that gets read, prepare your stories and practise the questions recruiters always ask. Includes a filmed mock interview.',
  },
  // other
  {
    slug: 'digital-marketing-essentials',
    name: 'Digital Marketing Essentials',
    category: ['other'],
    price: 390,
    availability: 17,
    sizes: ['M', 'L'],
    topic: 'Reach customers',
    description:
      'Social media, search engine optimisation, e-mail campaigns and analytics. Build and measure a real campaign for a small business.',
    reviews: [[2, 3, 'Useful overview, but I expected more on paid advertising.']],
  },
  {
    slug: 'excel-for-business',
    name: 'Excel for Business',
    category: ['other'],
    price: 110,
    availability: 28,
    sizes: ['S', 'M'],
    topic: 'Formulas & pivots',
    description:
      'Formulas, pivot tables, charts and dashboards that save hours every week. Exercises built from real accounting and sales files.',
  },
  {
    slug: 'barista-and-coffee-craft',
    name: 'Barista and Coffee Craft',
    category: ['other'],
    price: 160,
    availability: 6,
    sizes: ['M'],
    topic: 'Espresso & latte art',
    description:
      'From bean to cup: grinding, espresso extraction, milk texturing and latte art, taught on professional machines in our training café.',
  },
  {
    slug: 'accounting-basics-for-entrepreneurs',
    name: 'Accounting Basics for Entrepreneurs',
    category: ['other'],
    price: 230,
    availability: 0,
    sizes: ['M', 'L'],
    topic: 'Read your numbers',
    description:
      'Read a balance sheet, follow cash flow, price your products and prepare for meetings with your accountant and your bank.',
  },
  // Programming Kids
  {
    slug: 'scratch-games-for-kids',
    name: 'Scratch Games for Kids',
    category: ['Programming Kids'],
    price: 80,
    availability: 20,
    sizes: ['kids'],
    topic: 'Make a game',
    description:
      'Children aged 8 to 12 create their own animations and games with Scratch blocks, learning loops, conditions and variables while they play.',
    reviews: [
      [0, 5, 'My son talks about his games all week. Wonderful teachers.'],
      [1, 5, 'Perfect first step into programming for kids.'],
    ],
  },
  {
    slug: 'python-adventures-for-kids',
    name: 'Python Adventures for Kids',
    category: ['Programming Kids'],
    price: 150,
    availability: 12,
    sizes: ['kids'],
    topic: 'Turtle & quests',
    description:
      'Young coders from 11 to 14 write real Python: drawing with the turtle, quiz games and a small text adventure they can share with friends.',
  },
  {
    slug: 'robotics-with-lego-for-kids',
    name: 'Robotics with LEGO for Kids',
    category: ['Programming Kids'],
    price: 240,
    availability: 0,
    sizes: ['kids'],
    topic: 'Build & program',
    description:
      'Build and program LEGO robots that follow lines, avoid obstacles and compete in a final mini tournament. Kits are provided during class.',
  },
  {
    slug: 'web-design-for-kids',
    name: 'Web Design for Kids',
    category: ['Programming Kids'],
    price: 120,
    availability: 10,
    sizes: ['kids'],
    topic: 'My first website',
    description:
      'Kids build their first website about a hobby they love, with HTML, CSS and pictures, and learn how to stay safe online along the way.',
  },
  // Language Kids
  {
    slug: 'english-for-kids-first-words',
    name: 'English for Kids: First Words',
    category: ['Language Kids', 'English'],
    price: 65,
    availability: 24,
    sizes: ['kids'],
    topic: 'Hello, world!',
    description:
      'Songs, stories and games for children aged 5 to 8 to learn their first English words: colours, animals, family and everyday phrases.',
    reviews: [[2, 5, 'My daughter sings the songs at home every day.']],
  },
  {
    slug: 'french-for-kids-storytime',
    name: 'French for Kids: Storytime',
    category: ['Language Kids', 'Francais'],
    price: 65,
    availability: 18,
    sizes: ['kids'],
    topic: 'Il était une fois',
    description:
      'Children discover French through picture books, puppets and short plays, building vocabulary and confidence in a playful setting.',
  },
  {
    slug: 'spanish-for-kids',
    name: 'Spanish for Kids',
    category: ['Language Kids'],
    price: 70,
    availability: 0,
    sizes: ['kids'],
    topic: '¡Hola amigos!',
    description:
      'A first taste of Spanish for children aged 7 to 11: greetings, numbers, food and games, with a little Spanish party at the end of the term.',
  },
  {
    slug: 'english-reading-club-for-kids',
    name: 'English Reading Club for Kids',
    category: ['Language Kids', 'English'],
    price: 90,
    availability: 15,
    sizes: ['kids'],
    topic: 'Read together',
    description:
      'Weekly reading club for 9 to 12 year olds: graded readers, reading aloud and fun comprehension challenges to grow a love of books.',
  },
  // Soft skills for kids
  {
    slug: 'public-speaking-for-kids',
    name: 'Public Speaking for Kids',
    category: ['Soft skills'],
    price: 85,
    availability: 14,
    sizes: ['kids'],
    topic: 'Speak up!',
    description:
      'Kids practise telling stories, presenting a favourite object and speaking in front of the group, growing confidence week after week.',
    reviews: [[3, 4, 'My shy son now volunteers to present in class.']],
  },
  {
    slug: 'teamwork-and-emotions-for-kids',
    name: 'Teamwork and Emotions for Kids',
    category: ['Soft skills'],
    price: 60,
    availability: 16,
    sizes: ['kids'],
    topic: 'Together we can',
    description:
      'Cooperative games and short activities help children name their emotions, listen to others and solve problems as a team.',
  },
  {
    slug: 'young-entrepreneurs-kids-camp',
    name: 'Young Entrepreneurs Kids Camp',
    category: ['Soft skills'],
    price: 130,
    availability: 0,
    sizes: ['kids'],
    topic: 'My little business',
    description:
      'A holiday camp where kids invent a product, design its poster, count their money and pitch their idea to parents on the last day.',
  },
];

/** The three image paths of a demo course (files in apps/api/public/images/courses). */
export function demoImagesOf(course: Pick<DemoCourse, 'slug'>): string[] {
  return [1, 2, 3].map((n) => `/images/courses/${course.slug}-${n}.svg`);
}
