import { describe, expect, it } from 'vitest';
import { credentialsCsv } from './credentials';

describe('credentials file', () => {
  it('has a BOM, the French header, one line per student, quoting and no formula', () => {
    const csv = credentialsCsv([
      { line: 2, last_name: "N'Diaye", first_name: 'Aïssatou', email: 'a@univ.example', student_number: 'E1', password: 'Abc' },
      { line: 3, last_name: '=HYPERLINK("x")', first_name: 'Jean; Paul', email: 'b@univ.example', student_number: '-2', password: 'Xyz' },
    ]);
    expect(csv.startsWith('\ufeffLigne;Nom;Prénom;Adresse e-mail;Numéro étudiant;Mot de passe provisoire\r\n')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe("2;N'Diaye;Aïssatou;a@univ.example;E1;Abc");
    expect(lines[2]).toBe(`3;"'=HYPERLINK(""x"")";"Jean; Paul";b@univ.example;'-2;Xyz`);
  });
});
