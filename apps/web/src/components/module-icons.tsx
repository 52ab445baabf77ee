import {
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  ContainerOutlined,
  ExperimentOutlined,
  HomeOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ModuleCode } from '@qcdesk/contract/roles';
import type { ReactNode } from 'react';

export const MODULE_ICONS: Record<ModuleCode, ReactNode> = {
  HOME: <HomeOutlined aria-hidden />,
  CLIENT: <TeamOutlined aria-hidden />,
  SAMPLE: <ExperimentOutlined aria-hidden />,
  ORDER: <ShoppingOutlined aria-hidden />,
  TEST: <ProfileOutlined aria-hidden />,
  INSPECTION: <AuditOutlined aria-hidden />,
  LOADING: <ContainerOutlined aria-hidden />,
  BOOKING: <CalendarOutlined aria-hidden />,
  DAILY: <ScheduleOutlined aria-hidden />,
  STANDARD: <BookOutlined aria-hidden />,
  SYSTEM: <SettingOutlined aria-hidden />,
  REPORTFORM: <BarChartOutlined aria-hidden />,
};
