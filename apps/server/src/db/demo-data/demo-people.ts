/** Seeded word lists for demo profiles: varied, plausible, and the same on every first start. */

export const FIRST_NAMES = [
  'Amara',
  'Bjorn',
  'Chen',
  'Dalia',
  'Emeka',
  'Farah',
  'Gustavo',
  'Hiroshi',
  'Ines',
  'Jamal',
  'Kaia',
  'Liam',
  'Maya',
  'Nikhil',
  'Olga',
  'Pedro',
  'Qiana',
  'Rafael',
  'Saanvi',
  'Tomasz',
  'Uma',
  'Viktor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zara',
  'Aiko',
  'Bruno',
  'Camille',
  'Diego',
  'Elif',
  'Finn',
];
export const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Wang',
  'Haddad',
  'Nwosu',
  'Rahman',
  'Silva',
  'Tanaka',
  'Moreau',
  'Carter',
  'Ahlberg',
  'Murphy',
  'Patel',
  'Iyer',
  'Petrova',
  'Alvarez',
  'Brooks',
  'Costa',
  'Gupta',
  'Nowak',
  'Reddy',
  'Ivanov',
  'Liu',
  'Herrera',
  'Demir',
  'Kowalski',
  'Sato',
  'Rossi',
  'Dubois',
  'Fernandez',
  'Yilmaz',
  'Byrne',
];
export const COMPANIES = [
  'Microsoft',
  'Northwind Traders',
  'Contoso Health',
  'Acme Robotics',
  'Globex Energy',
  'Initech',
  'Umbrella Labs',
  'Stark Analytics',
  'Wayne Foundation',
  'Blue Harbor Bank',
  'Evergreen Schools',
  'City Hospital',
  'Freelance',
];
export const ROLES = [
  'Software Engineer',
  'Data Analyst',
  'Product Manager',
  'Nurse',
  'Financial Analyst',
  'Teacher',
  'UX Designer',
  'Research Scientist',
  'Marketing Lead',
  'Policy Advisor',
  'Mechanical Engineer',
  'Recruiter',
];
export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'Energy',
  'Manufacturing',
  'Non-profit',
  'Government',
  'Media',
  'Consulting',
];
export const MAJORS = [
  'Economics',
  'Computer Science',
  'Biology',
  'Nursing',
  'Mechanical Engineering',
  'Psychology',
  'History',
  'Mathematics',
  'Political Science',
  'Graphic Design',
  'Chemistry',
  'English',
];
export const LOCATIONS = [
  'Portland, OR',
  'Seattle, WA',
  'Chicago, IL',
  'Austin, TX',
  'Boston, MA',
  'Denver, CO',
  'London, UK',
  'Dublin, IE',
  'Berlin, DE',
  'Toronto, CA',
  'Sydney, AU',
  'New York, NY',
];
export const HELP_TOPICS = [
  'Resume review',
  'Interview practice',
  'Career change',
  'Graduate school',
  'Networking',
  'Internships',
  'Starting a business',
  'Salary negotiation',
];
export const STANDARD_OPTIONS: Record<
  string,
  Array<{ key: string; label: string; emoji?: string; subText?: string }>
> = {
  'job-industries': INDUSTRIES.map((label) => ({ key: slug(label), label })),
  'help-topics': HELP_TOPICS.map((label) => ({ key: slug(label), label })),
  'job-functions': ['Engineering', 'Operations', 'Sales', 'Research', 'Design', 'Care'].map((label) => ({
    key: slug(label),
    label,
  })),
  passion: [
    { key: 'climate', label: 'Climate', emoji: '🌍' },
    { key: 'health', label: 'Health', emoji: '🩺' },
    { key: 'equity', label: 'Equity', emoji: '⚖️' },
    { key: 'arts', label: 'Arts', emoji: '🎨' },
  ],
  hobbies: [
    { key: 'running', label: 'Running', emoji: '🏃' },
    { key: 'music', label: 'Music', emoji: '🎵' },
    { key: 'cooking', label: 'Cooking', emoji: '🍳' },
    { key: 'reading', label: 'Reading', emoji: '📚' },
  ],
  archetype: [
    { key: 'explorer', label: 'Explorer', subText: 'Trying out paths' },
    { key: 'planner', label: 'Planner', subText: 'Mapping the next steps' },
    { key: 'adventurer', label: 'Adventurer', subText: 'Pursuing a goal' },
    { key: 'guide', label: 'Guide', subText: 'Giving back' },
  ],
};

function slug(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** A small deterministic PRNG (mulberry32), so demo data is reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function pickSome<T>(random: () => number, list: readonly T[], count: number): T[] {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < count && copy.length > 0)
    out.push(...copy.splice(Math.floor(random() * copy.length), 1));
  return out;
}
