import { and, asc, eq, ne } from 'drizzle-orm';
import type { TTx } from '../client.js';
import {
  actionItemCompletions,
  careerPathFavorites,
  careerPaths,
  hubMemberships,
  users,
  userTypes,
} from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

type TDemoCareerPath = {
  title: string;
  description: string;
  typicalRoles: string[];
  skills: string[];
  education: string;
  salary: [number, number];
  industries: string[];
  jobFunctions: string[];
};

/**
 * Twenty career paths of the demo cluster (issue #20 item 6). Industries use the demo profiles' industry labels
 * (demo-people INDUSTRIES), so the home's recommended careers follow a member's profile.
 */
export const DEMO_CAREER_PATHS: readonly TDemoCareerPath[] = [
  {
    title: 'Software Engineering',
    description:
      'Software engineers design, build and maintain the applications and systems people rely on every day, from mobile apps to the services behind them. The work mixes problem solving, teamwork and constant learning.',
    typicalRoles: [
      'Software engineer',
      'Backend developer',
      'Front-end developer',
      'Site reliability engineer',
    ],
    skills: ['Programming', 'Problem solving', 'Version control', 'Testing', 'System design'],
    education:
      'A bachelor’s degree in computer science or a related field; bootcamps and portfolios also open doors.',
    salary: [85000, 160000],
    industries: ['Technology', 'Finance', 'Media'],
    jobFunctions: ['Engineering', 'Information technology'],
  },
  {
    title: 'Data Science',
    description:
      'Data scientists turn raw data into decisions: they clean and explore data, build statistical and machine-learning models and explain what the numbers mean to the people who act on them.',
    typicalRoles: ['Data scientist', 'Data analyst', 'Machine learning engineer'],
    skills: ['Statistics', 'Python or R', 'SQL', 'Data visualisation', 'Communication'],
    education:
      'A degree in statistics, mathematics, computer science or economics; many roles prefer a master’s.',
    salary: [80000, 150000],
    industries: ['Technology', 'Finance', 'Healthcare'],
    jobFunctions: ['Analytics', 'Research'],
  },
  {
    title: 'Product Management',
    description:
      'Product managers decide what a team builds and why. They talk to customers, weigh trade-offs with engineers and designers, and measure whether a product really solves the problem it set out to.',
    typicalRoles: ['Product manager', 'Associate product manager', 'Product owner'],
    skills: ['Prioritisation', 'User research', 'Communication', 'Data analysis', 'Roadmapping'],
    education:
      'Any degree; many start in engineering, design, consulting or analytics before moving into product.',
    salary: [90000, 170000],
    industries: ['Technology', 'Media', 'Finance'],
    jobFunctions: ['Product', 'Strategy'],
  },
  {
    title: 'UX Design',
    description:
      'UX designers shape how products feel to use. They research people’s needs, sketch and prototype, test with real users and work with engineers to ship designs that are clear and accessible.',
    typicalRoles: ['UX designer', 'Product designer', 'UX researcher', 'Interaction designer'],
    skills: ['User research', 'Prototyping', 'Visual design', 'Accessibility', 'Empathy'],
    education: 'A degree in design, psychology or human–computer interaction, or a strong portfolio.',
    salary: [70000, 135000],
    industries: ['Technology', 'Media', 'Consulting'],
    jobFunctions: ['Design', 'Research'],
  },
  {
    title: 'Nursing',
    description:
      'Nurses care for patients in hospitals, clinics, schools and homes: they assess, treat, educate and advocate for patients and their families, often as the person a patient sees most.',
    typicalRoles: ['Registered nurse', 'Nurse practitioner', 'Clinical nurse specialist'],
    skills: ['Patient care', 'Clinical judgement', 'Communication', 'Resilience', 'Teamwork'],
    education:
      'A bachelor of science in nursing and a nursing licence; advanced practice needs a graduate degree.',
    salary: [65000, 120000],
    industries: ['Healthcare'],
    jobFunctions: ['Patient care', 'Healthcare services'],
  },
  {
    title: 'Medicine',
    description:
      'Physicians diagnose and treat illness and injury, from family practice to surgery. The path is long, but it leads to work with lasting impact on patients and communities.',
    typicalRoles: ['Physician', 'Resident', 'Surgeon', 'General practitioner'],
    skills: ['Clinical reasoning', 'Science', 'Communication', 'Attention to detail', 'Stamina'],
    education: 'A pre-medical undergraduate degree, medical school and a residency of three to seven years.',
    salary: [200000, 400000],
    industries: ['Healthcare'],
    jobFunctions: ['Patient care', 'Research'],
  },
  {
    title: 'Public Health',
    description:
      'Public health professionals protect the health of whole populations: they track disease, design prevention programmes, shape health policy and help communities get the care they need.',
    typicalRoles: ['Epidemiologist', 'Health educator', 'Public health analyst', 'Programme coordinator'],
    skills: ['Research methods', 'Statistics', 'Policy analysis', 'Community outreach'],
    education:
      'A bachelor’s degree in a health or science field; a master of public health for most analyst roles.',
    salary: [55000, 105000],
    industries: ['Healthcare', 'Government', 'Non-profit'],
    jobFunctions: ['Research', 'Policy'],
  },
  {
    title: 'Financial Analysis',
    description:
      'Financial analysts study companies, markets and investments to guide decisions about money: where to invest, what to buy and how a business is really doing.',
    typicalRoles: ['Financial analyst', 'Investment analyst', 'Corporate finance associate'],
    skills: ['Financial modelling', 'Spreadsheets', 'Accounting', 'Critical thinking', 'Presentation'],
    education: 'A degree in finance, economics or accounting; certifications such as the CFA help later on.',
    salary: [65000, 125000],
    industries: ['Finance', 'Consulting'],
    jobFunctions: ['Finance', 'Analytics'],
  },
  {
    title: 'Accounting',
    description:
      'Accountants keep organisations honest and solvent: they prepare and audit financial records, handle tax and advise on how money flows through a business.',
    typicalRoles: ['Staff accountant', 'Auditor', 'Tax associate', 'Controller'],
    skills: ['Accounting standards', 'Attention to detail', 'Spreadsheets', 'Ethics'],
    education: 'A degree in accounting; the CPA licence for audit and many senior roles.',
    salary: [55000, 110000],
    industries: ['Finance', 'Consulting', 'Government'],
    jobFunctions: ['Finance', 'Operations'],
  },
  {
    title: 'Management Consulting',
    description:
      'Consultants help organisations solve their hardest problems, from entering a new market to running more efficiently. Projects are short and varied, with a lot of analysis and client work.',
    typicalRoles: ['Business analyst', 'Associate consultant', 'Strategy consultant'],
    skills: ['Structured problem solving', 'Data analysis', 'Presentation', 'Teamwork', 'Client management'],
    education: 'Any strong degree; an MBA is a common step into senior roles.',
    salary: [80000, 160000],
    industries: ['Consulting', 'Finance', 'Healthcare'],
    jobFunctions: ['Strategy', 'Analytics'],
  },
  {
    title: 'Marketing',
    description:
      'Marketers connect products with the people who need them: they research audiences, shape brands, plan campaigns and measure what works across digital and traditional channels.',
    typicalRoles: [
      'Marketing coordinator',
      'Digital marketing specialist',
      'Brand manager',
      'Content strategist',
    ],
    skills: ['Writing', 'Analytics', 'Creativity', 'Social media', 'Project management'],
    education: 'A degree in marketing, communications or business; a portfolio of campaigns helps.',
    salary: [50000, 120000],
    industries: ['Media', 'Technology', 'Manufacturing'],
    jobFunctions: ['Marketing', 'Communications'],
  },
  {
    title: 'Journalism and Media',
    description:
      'Journalists and media professionals find, verify and tell stories in print, audio, video and online, holding power to account and helping communities understand what is happening.',
    typicalRoles: ['Reporter', 'Editor', 'Producer', 'Podcast host'],
    skills: ['Writing', 'Research', 'Interviewing', 'Multimedia production', 'Ethics'],
    education:
      'A degree in journalism, communications or any field, plus clips from student or freelance work.',
    salary: [40000, 95000],
    industries: ['Media'],
    jobFunctions: ['Communications', 'Content'],
  },
  {
    title: 'Teaching',
    description:
      'Teachers help young people learn and grow, planning lessons, adapting to each student and working with families and colleagues to build a good school community.',
    typicalRoles: ['Elementary teacher', 'High school teacher', 'Special education teacher'],
    skills: ['Communication', 'Patience', 'Lesson planning', 'Classroom management'],
    education: 'A bachelor’s degree and a state teaching licence; a master’s for some roles and higher pay.',
    salary: [45000, 85000],
    industries: ['Education'],
    jobFunctions: ['Education', 'Counselling'],
  },
  {
    title: 'Higher Education Administration',
    description:
      'University staff run admissions, advising, student life and careers services: the work that lets students and faculty do theirs.',
    typicalRoles: ['Academic adviser', 'Admissions counsellor', 'Career services coordinator'],
    skills: ['Advising', 'Organisation', 'Communication', 'Programme planning'],
    education: 'A bachelor’s degree; a master’s in higher education or counselling for many roles.',
    salary: [45000, 90000],
    industries: ['Education', 'Non-profit'],
    jobFunctions: ['Education', 'Operations'],
  },
  {
    title: 'Mechanical Engineering',
    description:
      'Mechanical engineers design and improve machines, from engines and robots to medical devices and heating systems, taking ideas from sketches to tested products.',
    typicalRoles: ['Mechanical engineer', 'Design engineer', 'Manufacturing engineer'],
    skills: ['CAD', 'Physics', 'Prototyping', 'Problem solving', 'Teamwork'],
    education:
      'A bachelor’s degree in mechanical engineering; a professional engineering licence for some roles.',
    salary: [70000, 125000],
    industries: ['Manufacturing', 'Energy', 'Technology'],
    jobFunctions: ['Engineering', 'Manufacturing'],
  },
  {
    title: 'Renewable Energy',
    description:
      'Renewable energy professionals plan, build and run solar, wind and storage projects, and shape the policy and finance that move the grid to clean power.',
    typicalRoles: ['Energy analyst', 'Solar project developer', 'Grid engineer', 'Sustainability manager'],
    skills: ['Engineering basics', 'Project management', 'Data analysis', 'Policy awareness'],
    education: 'A degree in engineering, environmental science or economics.',
    salary: [60000, 120000],
    industries: ['Energy', 'Government'],
    jobFunctions: ['Engineering', 'Strategy'],
  },
  {
    title: 'Law',
    description:
      'Lawyers advise people and organisations on their rights and duties, negotiate agreements and represent clients in disputes, in firms, companies, government and non-profits.',
    typicalRoles: ['Associate attorney', 'Paralegal', 'In-house counsel', 'Public defender'],
    skills: ['Legal research', 'Writing', 'Argument', 'Negotiation', 'Attention to detail'],
    education: 'A bachelor’s degree, a law degree (JD) and passing the bar exam.',
    salary: [70000, 190000],
    industries: ['Government', 'Consulting', 'Non-profit'],
    jobFunctions: ['Legal', 'Policy'],
  },
  {
    title: 'Public Policy',
    description:
      'Policy professionals research problems, weigh options and help governments and organisations decide what to do, then make sure the decisions work in practice.',
    typicalRoles: ['Policy analyst', 'Legislative aide', 'Programme evaluator', 'Policy advisor'],
    skills: ['Research', 'Writing', 'Data analysis', 'Stakeholder engagement'],
    education:
      'A degree in political science, economics or a related field; a master’s in public policy helps.',
    salary: [55000, 110000],
    industries: ['Government', 'Non-profit', 'Consulting'],
    jobFunctions: ['Policy', 'Research'],
  },
  {
    title: 'Non-profit Management',
    description:
      'Non-profit leaders run organisations that serve a mission: they raise funds, manage programmes and people, and show donors and communities the difference their work makes.',
    typicalRoles: ['Programme manager', 'Development officer', 'Executive director', 'Volunteer coordinator'],
    skills: ['Fundraising', 'Programme management', 'Communication', 'Budgeting'],
    education: 'Any degree; experience through volunteering and internships matters most.',
    salary: [45000, 100000],
    industries: ['Non-profit', 'Education'],
    jobFunctions: ['Operations', 'Fundraising'],
  },
  {
    title: 'Human Resources and Recruiting',
    description:
      'HR professionals and recruiters find, hire and support the people an organisation runs on: they shape hiring, pay, training and workplace culture.',
    typicalRoles: ['Recruiter', 'HR generalist', 'Talent acquisition partner', 'People operations manager'],
    skills: ['Interviewing', 'Communication', 'Employment law basics', 'Relationship building'],
    education: 'A degree in business, psychology or human resources; HR certifications later on.',
    salary: [50000, 110000],
    industries: ['Technology', 'Consulting', 'Manufacturing'],
    jobFunctions: ['Human resources', 'Operations'],
  },
];

/** Titles of the demo alumni's expertise: alumni@ names two, a few other alumni one or two each. */
const ALUMNI_EXPERTISE: readonly (readonly string[])[] = [
  ['Data Science'],
  ['Software Engineering', 'UX Design'],
  ['Nursing', 'Public Health'],
  ['Financial Analysis'],
  ['Marketing', 'Journalism and Media'],
  ['Data Science', 'Management Consulting'],
];

/**
 * The demo catalogue (issue #20 item 6): twenty career paths of the cluster; Sam Student of the given hub has two
 * favourites (Software Engineering and Data Science, their favorite_career_paths step done), and alumni of the
 * hub name career paths as their expertise, alumni@ among them, so the career path pages and the home recommend
 * alumni.
 */
export async function seedDemoCareerPaths(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `hubadmin@${hub.identifier}.example.edu`))
    .limit(1);
  const created = new Date(now.getTime() - 30 * DAY_MS);
  const rows = await tx
    .insert(careerPaths)
    .values(
      DEMO_CAREER_PATHS.map((path) => ({
        clusterId,
        title: path.title,
        description: path.description,
        typicalRoles: path.typicalRoles,
        skills: path.skills,
        education: path.education,
        salaryMin: path.salary[0],
        salaryMax: path.salary[1],
        industries: path.industries,
        jobFunctions: path.jobFunctions,
        searchText: [
          path.description,
          path.education,
          ...path.typicalRoles,
          ...path.skills,
          ...path.industries,
          ...path.jobFunctions,
        ].join(' '),
        createdByUserId: admin?.id ?? null,
        createdAt: created,
        updatedAt: created,
      })),
    )
    .returning({ id: careerPaths.id, title: careerPaths.title });
  const idOf = new Map(rows.map((r) => [r.title, r.id]));

  const [student] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `student@${hub.identifier}.example.edu`))
    .limit(1);
  if (student) {
    const favourites = ['Software Engineering', 'Data Science'].flatMap((title) => idOf.get(title) ?? []);
    await tx.insert(careerPathFavorites).values(
      favourites.map((careerPathId, i) => ({
        clusterId,
        userId: student.id,
        careerPathId,
        createdAt: new Date(now.getTime() - (5 - i) * DAY_MS),
      })),
    );
    await tx
      .insert(actionItemCompletions)
      .values({
        clusterId,
        hubId: hub.id,
        userId: student.id,
        type: 'favorite_career_paths',
        completedAt: new Date(now.getTime() - 5 * DAY_MS),
        completedBy: 'event',
      })
      .onConflictDoNothing();
  }

  const alumniEmail = `alumni@${hub.identifier}.example.edu`;
  await tx
    .update(users)
    .set({ careerPathExpertise: ['Software Engineering', 'Product Management'] })
    .where(eq(users.email, alumniEmail));
  const alumni = await tx
    .select({ id: users.id })
    .from(hubMemberships)
    .innerJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .where(
      and(
        eq(hubMemberships.hubId, hub.id),
        eq(userTypes.standardUserType, 'Alumni'),
        eq(hubMemberships.approved, true),
        ne(users.email, alumniEmail),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(ALUMNI_EXPERTISE.length);
  for (const [i, alumnus] of alumni.entries()) {
    await tx
      .update(users)
      .set({ careerPathExpertise: [...(ALUMNI_EXPERTISE[i] ?? [])] })
      .where(eq(users.id, alumnus.id));
  }
}
