// « Déclaration d’accessibilité » (/accessibilite), public, in the form the RGAA asks: commitment, conformity state,
// test results, non-accessible content (non-conformities, derogations, content outside the obligation), how the
// statement was made (date, method, tools, environment, pages), contact and recourse to the Défenseur des droits.
// Everything comes from the audit record docs/accessibilite.json (config/accessibility-audit.ts).
import { Link } from 'react-router';
import { Anchor, Box, Container, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { paths } from '@/config/paths';
import { audit, conformity } from '@/config/accessibility-audit';
import { publicTexts } from '../texts';

const t = publicTexts.accessibility;

const dateFr = (iso: string) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(new Date(`${iso}T12:00:00Z`));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section">
      <Title order={2} size="h3" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </Box>
  );
}

export function AccessibilityStatementPage() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Box bg="gray.0" mih="100vh">
      <Box component="header" py="sm" px="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-body)' }}>
        <Anchor component={Link} to={paths.landing.path} fw={700} c="dark.7">
          {t.home}
        </Anchor>
      </Box>
      <Container size="md" py="xl" component="main" id="main-content">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <Title order={1}>{t.title}</Title>
            <Text>{t.commitment(audit.entite, audit.service)}</Text>
            <Text>{t.appliesTo(audit.service, origin)}</Text>

            <Section title={t.stateTitle}>
              <Text data-testid="conformity-state">{t.state(audit.service, conformity.state, audit.referentiel)}</Text>
              {!conformity.complete ? <Text>{t.incomplete(audit.nombre_criteres_rgaa)}</Text> : null}
            </Section>

            <Section title={t.resultsTitle}>
              <Text>{t.results(audit.audit.type, conformity.met, conformity.applicable, conformity.rate, audit.criteres.length, audit.nombre_criteres_rgaa)}</Text>
              <Table striped withTableBorder>
                <Table.Caption>{t.criteriaCaption}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t.criterion}</Table.Th>
                    <Table.Th scope="col">{t.status}</Table.Th>
                    <Table.Th scope="col">{t.note}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {audit.criteres.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Th scope="row">{c.id}</Table.Th>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{t.statusLabels[c.statut]}</Table.Td>
                      <Table.Td>{c.note}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
                          </Section>

            <Section title={t.inaccessibleTitle}>
              <Title order={3} size="h4">
                {t.nonConformities}
              </Title>
              <List spacing={4}>
                {audit.non_conformites.map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
              <Title order={3} size="h4">
                {t.derogations}
              </Title>
              {audit.derogations.length === 0 ? (
                <Text>{t.noDerogation}</Text>
              ) : (
                <List spacing={4}>
                  {audit.derogations.map((n) => (
                    <List.Item key={n}>{n}</List.Item>
                  ))}
                </List>
              )}
              <Title order={3} size="h4">
                {t.outside}
              </Title>
              <List spacing={4}>
                {audit.hors_obligation.map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
            </Section>

            <Section title={t.madeTitle}>
              <Text>{t.madeOn(dateFr(audit.audit.date))}</Text>
              <Text>
                <strong>{t.method}</strong> {audit.audit.methode}
              </Text>
              <Text fw={600}>{t.technologies}</Text>
              <List spacing={2}>
                {audit.audit.technologies.map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
              <Text fw={600}>{t.environment}</Text>
              <List spacing={2}>
                {audit.audit.environnement.map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
              <Text fw={600}>{t.tools}</Text>
              <List spacing={2}>
                {audit.audit.outils.map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
              <Text fw={600}>{t.pages}</Text>
              <List spacing={2}>
                {audit.audit.pages.map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
            </Section>

            <Section title={t.contactTitle}>
              <Text>{audit.contact.texte}</Text>
              <List spacing={2}>
                <List.Item>
                  {t.email} <Anchor href={`mailto:${audit.contact.email}`}>{audit.contact.email}</Anchor>
                </List.Item>
                <List.Item>
                  {t.address} {audit.contact.adresse}
                </List.Item>
              </List>
            </Section>

            <Section title={t.recourseTitle}>
              <Text>{t.recourseWhen}</Text>
              <List spacing={4}>
                <List.Item>
                  {t.recourseWrite}{' '}
                  <Anchor href="https://formulaire.defenseurdesdroits.fr/" target="_blank" rel="noopener noreferrer">
                    {t.recourseForm}
                  </Anchor>
                </List.Item>
                <List.Item>
                  {t.recourseDelegate}{' '}
                  <Anchor href="https://www.defenseurdesdroits.fr/saisir/delegues" target="_blank" rel="noopener noreferrer">
                    {t.recourseDelegates}
                  </Anchor>
                </List.Item>
                <List.Item>{t.recoursePost}</List.Item>
              </List>
            </Section>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

export const Component = AccessibilityStatementPage;
