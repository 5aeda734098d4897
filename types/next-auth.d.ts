import 'next-auth';
import 'next-auth/jwt';

declare module 'next-auth' {
  /** The session user of SPEC §3. */
  interface Session {
    user: {
      sub: string;
      nickname: string;
      picture: string | null;
      first_name: string;
      last_name: string;
      email: string;
      lang: 'jp' | 'en';
      access: string[];
    };
    accessToken: string;
    id_token_hint: string;
    ready: boolean;
    valid: boolean;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    accessToken?: string;
    idToken?: string;
    expiresAt?: number;
  }
}
