import { ADMIN_TYPES, type UpdateUserBody, type UserRecord } from '@jarog/contracts';

/**
 * Edit admin's email rule (spec section 2: "lowercase email pattern"): lowercase letters, digits and
 * . _ % + - before the @, a dotted lowercase domain after it.
 */
export const LOWERCASE_EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

export type AccountStatus = 'activated' | 'deactivated';

export interface EditAdminValues {
  name: string;
  email: string;
  userType: UserRecord['userType'];
  status: AccountStatus;
  password?: string;
}

/** The PATCH /users/{id} body: every field shown, the password only when one was typed. */
export function editAdminBody(values: EditAdminValues): UpdateUserBody {
  const body: UpdateUserBody = {
    name: values.name,
    email: values.email,
    userType: values.userType,
    isDeactivated: values.status === 'deactivated',
  };
  if (values.password) body.password = values.password;
  return body;
}

export const USER_TYPE_LABELS: Record<UserRecord['userType'], string> = {
  user: 'User',
  'admin-user': 'Admin',
  'root-user': 'Root',
};

/** The user types an admin account may have, for the add and edit forms. */
export const ADMIN_TYPE_OPTIONS = ADMIN_TYPES.map((value) => ({
  value,
  label: `${USER_TYPE_LABELS[value]} (${value})`,
}));
