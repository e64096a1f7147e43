/** The specification's School (001 §3 school picker; 000 §3). */
export interface School {
  id: string;
  type?: string | null;
  name: string;
  logo?: string | null;
  logo_thumb?: string | null;
  website?: string | null;
  email?: string | null;
  short_description?: string | null;
  call_center_phone?: string | null;
  color?: string | null;
}

/** GET /api/user.json?extended=1 → entity (services: identity/directory/queries.ts userView). */
export interface User {
  id: string;
  /** The session's chosen school; null while a user of several schools has not chosen one. */
  school_id: string | null;
  group: string;
  firstname: string;
  lastname: string;
  patronymic: string | null;
  full_name?: string;
  email: string | null;
  phone: string | null;
  username: string;
  color: string | null;
  photo: string | null;
  register_date?: string | null;
  last_activity_date?: string | null;
  is_need_complete_challenge: boolean;
  is_multiple_schools: boolean;
  school: School | null;
  schools?: School[];
}

/** POST /oauth/token's answer. */
export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in?: number;
  ws_access_token?: string;
}
