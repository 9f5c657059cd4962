/** Vocabulary of the scale dataset: common names, employers, majors and phrases, most frequent first. */

export const FIRST_NAMES = [
  'James', 'Mary', 'Michael', 'Patricia', 'Robert', 'Jennifer', 'John', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Karen', 'Christopher', 'Sarah', 'Daniel', 'Lisa', 'Matthew', 'Nancy',
  'Anthony', 'Sandra', 'Mark', 'Ashley', 'Steven', 'Emily', 'Andrew', 'Michelle', 'Joshua', 'Amanda', 'Kevin', 'Melissa',
  'Brian', 'Stephanie', 'Wei', 'Priya', 'Aarav', 'Mei', 'Hiroshi', 'Yuki', 'Fatima', 'Omar', 'Sofia', 'Mateo', 'Lucia',
  'Diego', 'Amara', 'Kwame', 'Ingrid', 'Lars', 'Chloe', 'Noah', 'Olivia', 'Liam', 'Emma', 'Ava', 'Ethan', 'Zoe',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson',
  'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright',
  'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell',
  'Mitchell', 'Carter', 'Roberts', 'Chen', 'Wang', 'Patel', 'Kim', 'Singh', 'Tanaka', 'Okafor', 'Novak', 'Schmidt',
  'Rossi', 'Dubois', 'Larsen', 'Kowalski', 'Haddad', 'Mensah', 'Silva', 'Costa', 'Ivanova', 'Murphy', 'O\'Brien',
] as const;

export const SCHOOLS = [
  'Northfield University', 'Riverside College', 'Lakeshore State University', 'Hillcrest Institute of Technology',
  'Westbrook University', 'Eastgate College', 'Summit State University', 'Pinecrest University', 'Harbor City College',
  'Meadowview University', 'Granite Peak University', 'Oakridge College', 'Silver Lake University', 'Bayside Polytechnic',
  'Redwood University', 'Maple Valley College', 'Stonebridge University', 'Cedar Falls University', 'Brookhaven College',
  'Ironwood State University',
] as const;

export const MAJORS = [
  'Computer Science', 'Business Administration', 'Psychology', 'Biology', 'Economics', 'Mechanical Engineering',
  'Nursing', 'Political Science', 'Communications', 'Finance', 'Electrical Engineering', 'English', 'Mathematics',
  'Marketing', 'Chemistry', 'History', 'Sociology', 'Accounting', 'Civil Engineering', 'Data Science', 'Physics',
  'Art History', 'Philosophy', 'Environmental Science', 'Public Health', 'Architecture', 'Music', 'Journalism',
  'International Relations', 'Statistics',
] as const;

export const INDUSTRIES = [
  'Technology', 'Finance', 'Healthcare', 'Education', 'Consulting', 'Government', 'Manufacturing', 'Media', 'Retail',
  'Energy', 'Nonprofit', 'Law', 'Real Estate', 'Biotechnology', 'Transportation', 'Hospitality', 'Telecommunications',
  'Aerospace', 'Agriculture', 'Arts',
] as const;

export const HELP_TOPICS = [
  'Resume review', 'Interview practice', 'Career advice', 'Networking', 'Graduate school', 'Job search', 'Internships',
  'Starting a business', 'Changing careers', 'Salary negotiation', 'Leadership', 'Work-life balance',
] as const;

export const LOCATIONS = [
  'New York, NY', 'San Francisco, CA', 'Chicago, IL', 'Boston, MA', 'Seattle, WA', 'Los Angeles, CA', 'Austin, TX',
  'Washington, DC', 'Atlanta, GA', 'Denver, CO', 'Toronto, ON', 'London, UK', 'Sydney, NSW', 'Berlin, Germany',
  'Dublin, Ireland', 'Vancouver, BC', 'Melbourne, VIC', 'Paris, France', 'Amsterdam, Netherlands', 'Singapore',
  'Miami, FL', 'Philadelphia, PA', 'Minneapolis, MN', 'Portland, OR', 'Pittsburgh, PA', 'Montreal, QC',
] as const;

export const ROLES = [
  'Software Engineer', 'Analyst', 'Product Manager', 'Consultant', 'Teacher', 'Nurse', 'Data Scientist', 'Accountant',
  'Marketing Manager', 'Research Scientist', 'Project Manager', 'Designer', 'Attorney', 'Financial Advisor',
  'Mechanical Engineer', 'Operations Manager', 'Sales Representative', 'Physician', 'Policy Advisor', 'Journalist',
  'Founder', 'Director', 'Professor', 'Architect', 'Pharmacist', 'HR Manager', 'Investment Banker', 'Editor',
] as const;

export const COMPANIES = [
  'Microsoft', 'Google', 'Amazon', 'Deloitte', 'JPMorgan Chase', 'Apple', 'IBM', 'Accenture', 'PwC', 'EY', 'KPMG',
  'Goldman Sachs', 'Meta', 'Salesforce', 'Oracle', 'Intel', 'Pfizer', 'Johnson & Johnson', 'Kaiser Permanente',
  'Mayo Clinic', 'McKinsey & Company', 'Boston Consulting Group', 'Bain & Company', 'Morgan Stanley', 'Citi',
  'Wells Fargo', 'Boeing', 'Lockheed Martin', 'General Electric', 'Siemens', 'Tesla', 'Netflix', 'Adobe', 'Spotify',
  'Shopify', 'Stripe', 'Airbnb', 'Uber', 'Nike', 'Procter & Gamble', 'Unilever', 'Coca-Cola', 'PepsiCo', 'Walmart',
  'Target', 'The New York Times', 'BBC', 'United Nations', 'World Bank', 'Red Cross', 'Teach For America',
  'City Hospital', 'State Department of Education', 'Freelance', 'Stealth Startup',
] as const;

export const WORDS = [
  'thanks', 'for', 'the', 'advice', 'about', 'interview', 'next', 'week', 'would', 'love', 'to', 'chat', 'career',
  'internship', 'resume', 'feedback', 'happy', 'help', 'meeting', 'schedule', 'time', 'great', 'question', 'project',
  'team', 'role', 'application', 'program', 'industry', 'experience', 'learn', 'more', 'could', 'you', 'share', 'your',
  'thoughts', 'on', 'my', 'plan', 'graduate', 'school', 'offer', 'salary', 'network', 'event', 'recommend', 'reading',
  'course', 'mentor', 'introduction', 'follow', 'up', 'call', 'tomorrow', 'morning', 'afternoon', 'really', 'helpful',
  'appreciate', 'it', 'looking', 'forward', 'hearing', 'from', 'and', 'with', 'in', 'at', 'how', 'did', 'start',
] as const;

export const GROUP_PREFIXES = ['Women in', 'Alumni in', 'Students for', 'Future Leaders in', 'Friends of', 'Young Professionals in', 'Class of 2020', 'Pre-'] as const;
export const GROUP_SUFFIXES = ['Network', 'Circle', 'Club', 'Society', 'Council', 'Community'] as const;
export const QUESTION_STARTS = [
  'How did you break into', 'What skills matter most in', 'Is a master\'s degree worth it for', 'How do I network in',
  'What does a typical day look like in', 'Which certifications help in', 'How do I prepare for interviews in',
] as const;
export const EVENT_KINDS = ['Panel', 'Workshop', 'Networking night', 'Career fair', 'Webinar', 'Fireside chat', 'Alumni mixer'] as const;
