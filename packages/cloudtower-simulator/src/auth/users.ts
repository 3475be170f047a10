/** Who may log in to the simulated Tower. */
export type UserSource = 'LOCAL' | 'LDAP';

export interface SimulatorUser {
  username: string;
  password: string;
  source: UserSource;
}
