// Student home (/student): shortcuts to the student's exams, courses and practice.
import { Link } from 'react-router';
import { Card, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBook, IconCode, IconListCheck } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/session';
import { paths } from '@/config/paths';
import { texts } from '@/texts';

const cards = [
  { to: paths.studentExams.path, title: texts.menu.exams, text: 'Passez les examens publiés pour votre parcours et consultez vos résultats.', Icon: IconListCheck },
  { to: paths.studentCourses.path, title: texts.menu.courses, text: 'Consultez les cours et leurs chapitres.', Icon: IconBook },
  { to: paths.studentPracticePython.path, title: texts.menu.practice, text: 'Entraînez-vous en Python, en R et sur les expressions.', Icon: IconCode },
];

export function Component() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={`Bonjour ${user.first_name}`} homeTo={paths.studentCourses.path} breadcrumbs={[{ label: 'Mon espace' }]} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {cards.map(({ to, title, text, Icon }) => (
          <UnstyledButton key={to} component={Link} to={to}>
            <Card withBorder radius="md" padding="lg" h="100%">
              <ThemeIcon size={40} variant="light" mb="sm">
                <Icon size={22} aria-hidden="true" />
              </ThemeIcon>
              <Title order={2} size="h4" mb={4}>
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </>
  );
}
