"""The web app: phones as private hands, the table screen, a clickable simulated board."""
