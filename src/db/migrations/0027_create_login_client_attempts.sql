-- Sign-in attempts per client (against credential stuffing), beside the per-ID count of login_attempts. Each
-- attempt takes a slot before anything else is checked; a success gives its slot back; the count starts again
-- LOGIN_WINDOW after the window's first attempt. The key is the client's address as Cloudflare saw it (IPv6 by
-- its /64), or one shared key where no edge vouches for the address (src/lib/client-address.ts).
CREATE TABLE login_client_attempts (
  client_key    TEXT PRIMARY KEY,
  attempts      INTEGER NOT NULL CHECK (attempts >= 0),
  window_start  INTEGER NOT NULL                -- ms
);
