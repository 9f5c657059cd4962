/** A hub access right (spec 6) as people read it: 'manage-admins' → 'Manage admins'. */
export function rightLabel(right: string): string {
  const words = right.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
